/** The story the render benches narrate and caption: about a minute with the offline voices. */
export const STORY =
  "I never meant to become the person who knows every pigeon in the park by name, but here we are. It started the winter I lost my job. " +
  "I would sit on the same bench every morning with a paper cup of coffee and a bag of seeds, and the same birds would come. " +
  "There was a big grey one with a limp that I called Admiral, and a tiny white one that always arrived last and left first. " +
  "By spring I could tell them apart from across the fountain. An old man started sitting at the other end of my bench. " +
  "He never said much. One day he pointed at the white pigeon and said her name was Lucy, and that his wife had named her years ago. " +
  "We have had coffee together every morning since. I found a new job in June, but I still go early, before work, " +
  "because Admiral waits by the bench, and because the old man saves me the seat by the fountain.";
