import { onFirstUse } from "../../kernel/on-first-use.ts";
import { countryNamed } from "./countries.ts";
import { factsFrom, note } from "./phrasing.ts";
import { type RecordSet, recordSources } from "./records.ts";
import { REGION_WORDS } from "./regions.ts";

/** A dish, the country it is known from (as world-countries names it), and a description only it fits. */
interface Dish {
  dish: string;
  country: string;
  /** What it is, as it reads after "Which dish is ...". */
  is: string;
  note?: string;
  level: 1 | 2 | 3;
}

/** [dish, country, description, note, level]: dishes whose home is not disputed between countries. */
const ROWS: [string, string, string, string | undefined, 1 | 2 | 3][] = [
  ["Pizza Margherita", "Italy", "a pizza topped with tomato, mozzarella and basil", "It is said to be named after Queen Margherita of Savoy.", 1],
  ["Lasagne", "Italy", "baked layers of pasta sheets, sauce and cheese", "Lasagne is most closely tied to Emilia-Romagna.", 1],
  ["Risotto", "Italy", "rice cooked slowly in broth until creamy", "Risotto alla milanese is coloured yellow with saffron.", 1],
  ["Tiramisu", "Italy", "coffee-soaked ladyfingers with mascarpone", "Tiramisu means pick me up in Italian.", 1],
  ["Carbonara", "Italy", "pasta with egg, cheese and cured pork", "Carbonara is a classic of Roman cooking.", 1],
  ["Osso buco", "Italy", "braised veal shanks", "Osso buco means bone with a hole.", 2],
  ["Gelato", "Italy", "a dense frozen dessert churned with little air", "Gelato is served a little warmer than ice cream.", 1],
  ["Pesto", "Italy", "a sauce of basil, pine nuts and garlic", "Pesto alla genovese comes from Genoa.", 1],
  ["Bruschetta", "Italy", "grilled garlic bread with olive oil", "Bruschetta is often topped with chopped tomatoes.", 2],
  ["Minestrone", "Italy", "a thick vegetable soup, often with pasta or rice", "Minestrone has no fixed recipe; it follows the season.", 2],
  ["Focaccia", "Italy", "a flat bread soaked in olive oil", "Liguria's focaccia genovese is among the best known.", 2],
  ["Panna cotta", "Italy", "a set dessert of sweetened cream", "Panna cotta means cooked cream.", 2],
  ["Cannoli", "Italy", "fried pastry tubes filled with sweet ricotta", "Cannoli come from Sicily.", 2],
  ["Arancini", "Italy", "fried stuffed rice balls coated in breadcrumbs", "Arancini means little oranges.", 2],
  ["Gnocchi", "Italy", "small soft dumplings, often made from potato", "Gnocchi can also be made from semolina or ricotta.", 2],
  ["Sushi", "Japan", "vinegared rice with raw fish or other toppings", "Sushi began as a way of preserving fish in fermented rice.", 1],
  ["Ramen", "Japan", "wheat noodles in a rich broth", "Ramen came to Japan from Chinese noodle cooks.", 1],
  ["Tempura", "Japan", "seafood and vegetables fried in light batter", "Portuguese traders brought the technique in the 16th century.", 1],
  ["Miso soup", "Japan", "a soup of fermented soybean paste", "Miso soup is a common part of a Japanese breakfast.", 2],
  ["Okonomiyaki", "Japan", "a savoury cabbage pancake", "Okonomiyaki means grilled as you like it.", 2],
  ["Takoyaki", "Japan", "battered balls filled with octopus", "Takoyaki come from Osaka.", 2],
  ["Mochi", "Japan", "a chewy cake of pounded glutinous rice", "Mochi is a New Year favourite.", 2],
  ["Tacos", "Mexico", "folded corn tortillas around a filling", "Tacos al pastor are cooked on a vertical spit.", 1],
  ["Guacamole", "Mexico", "a dip of mashed avocado", "The Aztecs were already making guacamole.", 1],
  ["Mole poblano", "Mexico", "meat in a dark sauce of chillies and chocolate", "Mole poblano comes from Puebla.", 2],
  ["Chiles en nogada", "Mexico", "stuffed peppers in walnut sauce", "Its green, white and red match the Mexican flag.", 3],
  ["Tamales", "Mexico", "corn dough steamed in a husk or leaf", "Tamales go back thousands of years in Mesoamerica.", 2],
  ["Croissant", "France", "a flaky crescent-shaped pastry", "The croissant grew out of the Austrian kipferl.", 1],
  ["Ratatouille", "France", "a stew of summer vegetables from Provence", "Ratatouille comes from Nice.", 1],
  ["Coq au vin", "France", "chicken braised in red wine", "Coq au vin is traditionally made with Burgundy wine.", 2],
  ["Bouillabaisse", "France", "a Provençal fish stew flavoured with saffron", "Bouillabaisse began as a fishermen's stew in Marseille.", 2],
  ["Crème brûlée", "France", "a custard under a crust of hard caramel", "The sugar on top is caramelised with a flame.", 1],
  ["Quiche Lorraine", "France", "a savoury tart of eggs, cream and bacon", "It comes from Lorraine in north-east France.", 2],
  ["Crêpes", "France", "very thin pancakes, sweet or savoury", "Crêpes are a speciality of Brittany.", 1],
  ["Paella", "Spain", "a rice dish cooked in a wide shallow pan", "Paella comes from Valencia.", 1],
  ["Gazpacho", "Spain", "a cold tomato soup", "Gazpacho is served chilled on hot Andalusian days.", 1],
  ["Tortilla española", "Spain", "a thick omelette of eggs and potatoes", "It is often served in slices as tapas.", 2],
  ["Churros", "Spain", "fried dough sticks often dipped in hot chocolate", "Churros are a favourite Spanish breakfast.", 1],
  ["Patatas bravas", "Spain", "fried potato cubes with a spicy sauce", "Bravas means fierce, for the heat of the sauce.", 2],
  ["Biryani", "India", "spiced layered rice with meat or vegetables", "Hyderabad and Lucknow are famous for their biryani.", 1],
  ["Butter chicken", "India", "chicken in a mild, creamy tomato sauce", "Butter chicken was created in Delhi.", 1],
  ["Masala dosa", "India", "a rice crêpe filled with spiced potato", "Dosa comes from South India.", 2],
  ["Tandoori chicken", "India", "spiced yogurt chicken roasted in a clay oven", "Its red colour comes from chilli.", 1],
  ["Peking duck", "China", "crisp roast duck served with thin pancakes", "Peking duck has been roasted in Beijing since imperial times.", 1],
  ["Dim sum", "China", "small dishes such as dumplings served with tea", "Dim sum is a Cantonese tradition.", 1],
  ["Kung Pao chicken", "China", "chicken stir-fried with peanuts and chillies", "Kung Pao chicken comes from Sichuan.", 2],
  ["Mapo tofu", "China", "tofu in a spicy, numbing sauce", "Its tingle comes from Sichuan pepper.", 2],
  ["Xiaolongbao", "China", "steamed dumplings with soup inside", "Xiaolongbao come from the Shanghai area.", 3],
  ["Pad thai", "Thailand", "stir-fried rice noodles with peanuts and egg", "Pad thai was promoted as a national dish in the 1930s and 1940s.", 1],
  ["Tom yum", "Thailand", "a hot and sour soup with lemongrass", undefined, 2],
  ["Green curry", "Thailand", "a coconut curry coloured by green chillies", undefined, 2],
  ["Moussaka", "Greece", "layers of aubergine, minced meat and béchamel", undefined, 1],
  ["Tzatziki", "Greece", "a dip of yogurt, cucumber and garlic", undefined, 1],
  ["Souvlaki", "Greece", "small pieces of grilled meat on a skewer", undefined, 2],
  ["Spanakopita", "Greece", "a pie of spinach and feta in filo pastry", undefined, 2],
  ["Kimchi", "South Korea", "spicy fermented vegetables, usually cabbage", "Kimchi is served with almost every Korean meal.", 1],
  ["Bibimbap", "South Korea", "rice topped with vegetables, meat and an egg", "Bibimbap means mixed rice.", 2],
  ["Bulgogi", "South Korea", "thin slices of marinated grilled beef", "Bulgogi means fire meat.", 2],
  ["Pho", "Vietnam", "a noodle soup with beef or chicken and herbs", "Pho comes from northern Vietnam.", 1],
  ["Banh mi", "Vietnam", "a baguette sandwich with pickled vegetables", "The baguette arrived with French colonial rule.", 2],
  ["Goulash", "Hungary", "a paprika-spiced stew of meat", "Goulash began as a herdsmen's dish.", 2],
  ["Pierogi", "Poland", "filled half-moon dumplings", undefined, 2],
  ["Fish and chips", "United Kingdom", "battered fried fish with chunky fries", "Fish and chips became popular in the 1860s.", 1],
  ["Poutine", "Canada", "fries topped with cheese curds and gravy", "Poutine comes from Quebec.", 2],
  ["Wiener schnitzel", "Austria", "a thin breaded veal cutlet", "Wiener means from Vienna.", 2],
  ["Fondue", "Switzerland", "melted cheese shared from a pot", "Fondue comes from the French for melted.", 1],
  ["Ceviche", "Peru", "raw fish cured in citrus juice", "Peru celebrates a national ceviche day.", 2],
  ["Feijoada", "Brazil", "a stew of black beans and pork", undefined, 2],
];

const DISHES = onFirstUse((): Dish[] => ROWS.map(([dish, country, is, text, level]) => ({ dish, country, is, note: text, level })));

/** Countries as TAG_WORDS name them: "italian food" narrows to Italy. */
const COUNTRY_TAGS: Record<string, string> = { italy: "Italy", japan: "Japan", mexico: "Mexico", france: "France", spain: "Spain", india: "India", china: "China", thailand: "Thailand", greece: "Greece", "south-korea": "South Korea" };

const the = (name: string) => (name === "United Kingdom" ? "the United Kingdom" : name);
const regionOf = (d: Dish) => countryNamed(d.country)?.region ?? "";

const KEYWORDS = ["food", "foods", "dish", "dishes", "cuisine", "cuisines", "cooking", "cook", "recipe", "recipes", "meal", "meals", "eat", "eating", "foodie"];
const CREDIT = "Food facts: written for this service from culinary references";

const dishes: RecordSet<Dish> = {
  categories: ["food-drink", "general-knowledge"],
  keywords: KEYWORDS,
  credit: CREDIT,
  records: DISHES,
  name: (d) => d.dish,
  level: (d) => d.level,
  tags: Object.fromEntries(Object.entries(COUNTRY_TAGS).map(([tag, country]) => [tag, (d: Dish) => d.country === country])),
  inRegion: (d, region) => {
    const c = countryNamed(d.country);
    return c !== undefined && REGION_WORDS[region]?.(c) === true;
  },
  facts: (d, all) => {
    const same = all.filter((x) => x.country === d.country).length;
    return [
      ...note(d.dish, d.note),
      ...factsFrom("dish", [
        `${d.dish} is ${d.is}.`,
        same > 3 ? `${d.dish} is one of ${the(d.country)}'s best-known dishes.` : `${d.dish} is a favourite in ${the(d.country)}.`,
      ]),
    ];
  },
  kinds: [
    {
      id: "country",
      kinds: ["origin", "origins"],
      // On a topic that names one country every answer would be that country.
      askedWhenTagged: false,
      answer: (d) => d.country,
      correct: (d, option) => option === d.country,
      candidates: (d, all) => [...new Set(all.map((x) => x.country))].filter((c) => c !== d.country).sort((a, b) => Number(countryNamed(b)?.region === regionOf(d)) - Number(countryNamed(a)?.region === regionOf(d))),
      thing: (d) => `the home country of ${d.dish.toLowerCase()}`,
      asks: (d) => [`Which country does ${d.dish.toLowerCase()} come from?`, `${d.dish} is a classic dish of which country?`, `Where was ${d.dish.toLowerCase()} first made?`],
      facts: (d) => factsFrom("dish", [`${d.dish} is ${d.is}.`]).concat(note(d.dish, d.note)),
    },
    {
      id: "dish",
      kinds: ["dish", "dishes"],
      answer: (d) => d.dish,
      correct: (d, option) => option === d.dish,
      // Dishes of the same country first: the hard ones.
      candidates: (d, all) => all.filter((x) => x !== d).sort((a, b) => Number(b.country === d.country) - Number(a.country === d.country)).map((x) => x.dish),
      thing: (d) => `the name for ${d.is}`,
      asks: (d) => [`Which dish is ${d.is}?`, `What do you call ${d.is}?`, `Name the dish: ${d.is}.`],
      facts: (d, all) => {
        const same = all.filter((x) => x.country === d.country).length;
        return [...note(d.dish, d.note), ...factsFrom("dish", [null, same > 3 ? `${d.dish} is one of ${the(d.country)}'s best-known dishes.` : `${d.dish} is a favourite in ${the(d.country)}.`])];
      },
    },
  ],
};

export const dishSources = recordSources("food", dishes);
