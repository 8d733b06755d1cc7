/** The part of kuromoji's API (it ships no types) that the Japanese readings use. */
declare module "kuromoji" {
  export interface IpadicFeatures {
    /** 1-based UTF-16 position of the morpheme in the analysed text. */
    word_position: number;
    surface_form: string;
    /** Katakana, as spoken ("*" when unknown). */
    pronunciation?: string;
    reading?: string;
  }
  export interface Tokenizer<T> {
    tokenize(text: string): T[];
  }
  export interface TokenizerBuilder {
    build(callback: (error: Error | null, tokenizer: Tokenizer<IpadicFeatures>) => void): void;
  }
  const kuromoji: { builder(options: { dicPath: string }): TokenizerBuilder };
  export default kuromoji;
}
