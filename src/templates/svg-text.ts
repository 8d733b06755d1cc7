/** Text in drawn SVG cards: escaping, and wrapping by estimated width (no font metrics in pure code). */

export function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!);
}

/** Greedy word wrap to `maxChars` per line; a word longer than a line is broken. */
export function wrapText(text: string, maxChars: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (let word of text.split(/\s+/).filter(Boolean)) {
    while (word.length > maxChars) {
      if (line) lines.push(line);
      lines.push(word.slice(0, maxChars));
      word = word.slice(maxChars);
      line = "";
    }
    if (!line) line = word;
    else if (line.length + 1 + word.length <= maxChars) line += ` ${word}`;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** Estimated advance of one character in ems, for a UI sans (Inter, Roboto); close enough to wrap. */
export function charEm(char: string): number {
  const code = char.codePointAt(0) ?? 0;
  if (code > 0x2fff) return 1.15; // emoji and CJK
  if (" .,:;'!|il".includes(char)) return 0.28;
  if ("fjrtI()[]{}\"-".includes(char)) return 0.36;
  if ("mwMW".includes(char)) return 0.84;
  if (char >= "A" && char <= "Z") return 0.66;
  if (char >= "0" && char <= "9") return 0.58;
  return 0.53;
}

export function textWidth(text: string, fontSize: number): number {
  let em = 0;
  for (const c of text) em += charEm(c);
  return em * fontSize;
}

/** Greedy word wrap to a width in pixels; a word wider than a line is broken by characters. */
export function wrapToWidth(text: string, maxWidth: number, fontSize: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split("\n")) {
    let line = "";
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (textWidth(candidate, fontSize) <= maxWidth) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      line = "";
      for (const c of word) {
        if (line && textWidth(line + c, fontSize) > maxWidth) {
          lines.push(line);
          line = "";
        }
        line += c;
      }
    }
    lines.push(line);
  }
  return lines.filter((l, i) => l !== "" || (i > 0 && i < lines.length - 1));
}
