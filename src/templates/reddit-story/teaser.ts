/** About 10 s of narration: the title plus roughly the first 170 characters of the story. */
export const TEASER_CHARS = 170;

/**
 * The teaser's script: the title, then the story's opening cut near 170 characters, at the end of a
 * sentence when one ends between 120 and 220 characters, else after a whole word, with an ellipsis.
 */
export function teaserScript(title: string, text: string): string {
  const story = text.trim().replace(/\s+/g, " ");
  let cut = story;
  if (story.length > TEASER_CHARS + 50) {
    const sentenceEnds = [...story.slice(0, TEASER_CHARS + 50).matchAll(/[.!?]["')\]]?(?=\s)|[。！？]」?/gu)].map((m) => m.index! + m[0].length);
    const sentence = sentenceEnds.filter((end) => end >= TEASER_CHARS - 50).sort((a, b) => Math.abs(a - TEASER_CHARS) - Math.abs(b - TEASER_CHARS))[0];
    if (sentence !== undefined) cut = story.slice(0, sentence);
    else {
      const space = story.lastIndexOf(" ", TEASER_CHARS);
      cut = `${story.slice(0, space > 0 ? space : TEASER_CHARS).replace(/[,;:]$/, "")}...`;
    }
  }
  return `${title.trim()}\n\n${cut}`;
}
