/** What a region word is checked against: a country's region, subregion and name (world-countries' terms). */
export interface Placed {
  name: string;
  region: string;
  subregion: string;
}

/** Topic words naming a region, and what they select. */
export const REGION_WORDS: Record<string, (c: Placed) => boolean> = {
  europe: (c) => c.region === "Europe",
  european: (c) => c.region === "Europe",
  asia: (c) => c.region === "Asia",
  asian: (c) => c.region === "Asia",
  africa: (c) => c.region === "Africa",
  african: (c) => c.region === "Africa",
  americas: (c) => c.region === "Americas",
  america: (c) => c.region === "Americas",
  oceania: (c) => c.region === "Oceania",
  pacific: (c) => c.region === "Oceania",
  caribbean: (c) => c.subregion === "Caribbean",
  "south america": (c) => c.subregion === "South America",
  "north america": (c) => c.subregion === "North America" || c.subregion === "Central America",
  "latin america": (c) => ["South America", "Central America"].includes(c.subregion),
  "middle east": (c) => c.subregion === "Western Asia",
  scandinavia: (c) => ["Denmark", "Norway", "Sweden"].includes(c.name),
  balkans: (c) => c.subregion === "Southeast Europe",
};

/** Topic words that ask about countries as such. */
export const COUNTRY_WORDS = ["country", "countries", "geography", "world", "nation", "nations", "map"];
