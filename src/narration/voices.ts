/**
 * The voice catalog. Ids are ElevenLabs voice ids (used as they are when a key is configured); name,
 * gender and character describe how the service voices them, and the offline narrator keeps them.
 */
export type Gender = "male" | "female" | "neutral";

export interface VoiceInfo {
  id: string;
  name: string;
  gender: Gender;
  accent: "american" | "british" | "australian" | "transatlantic";
  age: "young" | "middle-aged" | "old";
  description: string;
  tags: string[];
}

type Row = [id: string, name: string, gender: Gender, accent: VoiceInfo["accent"], age: VoiceInfo["age"], description: string, tags: string];

const ROWS: Row[] = [
  ["onwK4e9ZLuTAKqWW03F9", "Daniel", "male", "british", "middle-aged", "Authoritative British newsreader.", "news,authoritative,narration"],
  ["JBFqnCBsd6RMkjVDRZzb", "George", "male", "british", "middle-aged", "Warm, slightly raspy British storyteller.", "warm,narration,storytelling"],
  ["EXAVITQu4vr4xnSDxMaL", "Sarah", "female", "american", "young", "Soft, clear American voice for news and explainers.", "soft,news,explainer"],
  ["pNInz6obpgDQGcFmaJgB", "Adam", "male", "american", "middle-aged", "Deep American narrator.", "deep,narration,stories"],
  ["LcfcDJNUP1GQjkzn1xUU", "Emily", "female", "american", "young", "Calm, even American voice.", "calm,quiz,explainer"],
  ["TxGEqnHWrfWFTfGW9XjX", "Josh", "male", "american", "young", "Deep young American voice.", "deep,young,energetic"],
  ["2EiwWnXFnvU5JabPnv8n", "Clyde", "male", "american", "middle-aged", "Gravelly American veteran.", "gravelly,intense,characters"],
  ["CwhRBWXzGAHq8TQ4Fs17", "Roger", "male", "american", "middle-aged", "Confident, relaxed American voice.", "confident,casual,conversational"],
  ["FGY2WhTYpPnrIDTdsKH5", "Laura", "female", "american", "young", "Upbeat, quirky American voice.", "upbeat,quirky,social"],
  ["IKne3meq5aSn9XLyUdCD", "Charlie", "male", "australian", "middle-aged", "Natural Australian voice.", "natural,casual,conversational"],
  ["N2lVS1w4EtoT3dr4eOWO", "Callum", "male", "transatlantic", "middle-aged", "Intense, husky voice.", "intense,characters,drama"],
  ["SAz9YHcvj6GT2YYXdXww", "River", "neutral", "american", "middle-aged", "Relaxed, neutral voice.", "calm,neutral,informative"],
  ["SOYHLrjzK2X1ezoPC6cr", "Harry", "male", "american", "young", "Anxious, fast young voice.", "anxious,young,drama"],
  ["TX3LPaxmHKxFdv7VOQHJ", "Liam", "male", "american", "young", "Articulate young American voice.", "articulate,young,narration"],
  ["Xb7hH8MSUJpSbSDYk0k2", "Alice", "female", "british", "middle-aged", "Confident British presenter.", "confident,news,explainer"],
  ["XrExE9yKIg1WjnnlVkGX", "Matilda", "female", "american", "middle-aged", "Friendly, warm American voice.", "friendly,warm,narration"],
  ["bIHbv24MWmeRgasZH58o", "Will", "male", "american", "young", "Friendly, chill young American voice.", "friendly,young,social"],
  ["cgSgspJ2msm6clMCkdW9", "Jessica", "female", "american", "young", "Expressive young American voice.", "expressive,young,conversational"],
  ["cjVigY5qzO86Huf0OWal", "Eric", "male", "american", "middle-aged", "Smooth, friendly American voice.", "smooth,friendly,conversational"],
  ["iP95p4xoKVk53GoZ742B", "Chris", "male", "american", "middle-aged", "Casual, natural American voice.", "casual,natural,conversational"],
  ["nPczCjzI2devNBz1zQrb", "Brian", "male", "american", "middle-aged", "Deep, resonant American narrator.", "deep,resonant,narration"],
  ["pFZP5JQG7iQjIQuC4Bku", "Lily", "female", "british", "middle-aged", "Warm, velvety British voice.", "warm,narration,storytelling"],
  ["pqHfZKP75CvOlQylNhV4", "Bill", "male", "american", "old", "Trustworthy older American voice.", "trustworthy,old,documentary"],
  ["vERmHY5ZzBsIRPzH78Rb", "Nora", "female", "american", "young", "Bright, quick American voice.", "bright,fast,social"],
  ["papd083UqIoSWdSkh3fG", "Marcus", "male", "american", "middle-aged", "Low, steady American voice.", "low,steady,stories"],
  ["zAr1POVZUrr1zkX0T94t", "Ivy", "female", "british", "young", "Crisp young British voice.", "crisp,young,explainer"],
  ["EIdfNdxb4fnsE39tEAB1", "Theo", "male", "british", "young", "Light, lively British voice.", "lively,young,social"],
  ["5Spsi3mCH9e7futpnGE5", "Grace", "female", "american", "middle-aged", "Measured, reassuring American voice.", "measured,calm,narration"],
  ["G1QUjBCuRBbLbAmYlTgl", "Victor", "male", "american", "old", "Slow, weathered American voice.", "slow,weathered,stories"],
  ["6wsXez7Nsh9HQSbtqwIK", "Zoe", "female", "american", "young", "Playful, high American voice.", "playful,high,social"],
  ["SfXg52J54dixBlOl016v", "Owen", "male", "american", "young", "Easy-going young American voice.", "easygoing,young,conversational"],
  ["Yf6I1OzNemrgGRsc8z1I", "Hazel", "female", "british", "old", "Gentle older British voice.", "gentle,old,storytelling"],
  ["z0gdR3nhVl1Ig2kiEigL", "Felix", "male", "transatlantic", "middle-aged", "Dry, precise voice.", "dry,precise,explainer"],
  ["wAWUBOIVEUw9IEUYoNzR", "Maya", "female", "american", "middle-aged", "Rich, low American voice.", "rich,low,narration"],
  ["6XNSYkDqZ1blajSVtPok", "Leo", "male", "australian", "young", "Sunny young Australian voice.", "sunny,young,casual"],
  ["LNzr3u01PIEDg0fRlvE7", "Ruby", "female", "australian", "young", "Cheerful Australian voice.", "cheerful,young,social"],
  ["GxxMAMfQkDlnqjpzjLHH", "Silas", "male", "american", "middle-aged", "Dark, slow voice for suspense.", "dark,suspense,stories"],
  ["RBnMinrYKeccY3vaUxlZ", "Clara", "female", "american", "middle-aged", "Clear, neutral American voice.", "clear,neutral,informative"],
  ["sZXOZNdVMeHi5J0uiQF7", "Jonah", "male", "american", "young", "Nervous, quick young voice.", "nervous,quick,drama"],
  ["8ng6vvUHRpznlJL92xmU", "Eden", "neutral", "british", "young", "Soft, neutral British voice.", "soft,neutral,calm"],
  ["x5tvfc5X0Qh4cqmLpgrs", "Hugo", "male", "british", "old", "Deep older British voice.", "deep,old,documentary"],
  ["20ptB7Wn4Q2sMkAxK1qK", "Paige", "female", "american", "young", "Chatty, casual American voice.", "chatty,casual,conversational"],
  ["JaUVfDrFcfwGIsv8X2kN", "Dominic", "male", "american", "middle-aged", "Firm, punchy American voice.", "firm,punchy,motivational"],
  ["iWydkXKoiVtvdn4vLKp9", "Stella", "female", "transatlantic", "middle-aged", "Poised, elegant voice.", "poised,elegant,narration"],
  ["HnnPtoATgzx4ubChwm24", "Reed", "male", "american", "young", "Flat, deadpan young voice.", "deadpan,young,comedy"],
  ["C1DBnkwmDIzoLOPlBvSg", "Anya", "female", "american", "young", "Breathy, intimate American voice.", "breathy,intimate,stories"],
  ["hIssydxXZ1WuDorjx6Ic", "Gus", "male", "american", "old", "Gruff, grandfatherly voice.", "gruff,old,characters"],
  ["NacdHGUYR1k3M0FAbAia", "Iris", "female", "british", "middle-aged", "Precise British voice.", "precise,news,explainer"],
  ["87QJokeqzysrKtZFt7jl", "Kai", "neutral", "american", "young", "Light, neutral young voice.", "light,neutral,social"],
];

export const VOICES: readonly VoiceInfo[] = ROWS.map(([id, name, gender, accent, age, description, tags]) => ({
  id,
  name,
  gender,
  accent,
  age,
  description,
  tags: tags.split(","),
}));

const BY_ID = new Map(VOICES.map((v) => [v.id, v]));

export function findVoice(id: string): VoiceInfo | undefined {
  return BY_ID.get(id);
}

/** Voice set A, for article_video and quiz_video (spec order). */
export const VOICE_SET_A = [
  "onwK4e9ZLuTAKqWW03F9",
  "JBFqnCBsd6RMkjVDRZzb",
  "EXAVITQu4vr4xnSDxMaL",
  "pNInz6obpgDQGcFmaJgB",
  "LcfcDJNUP1GQjkzn1xUU",
  "TxGEqnHWrfWFTfGW9XjX",
] as const;

/** Voice set B, for reddit_story and fake_text_message (spec order). */
export const VOICE_SET_B = [
  "pNInz6obpgDQGcFmaJgB", "2EiwWnXFnvU5JabPnv8n", "CwhRBWXzGAHq8TQ4Fs17", "EXAVITQu4vr4xnSDxMaL",
  "FGY2WhTYpPnrIDTdsKH5", "IKne3meq5aSn9XLyUdCD", "JBFqnCBsd6RMkjVDRZzb", "N2lVS1w4EtoT3dr4eOWO",
  "SAz9YHcvj6GT2YYXdXww", "SOYHLrjzK2X1ezoPC6cr", "TX3LPaxmHKxFdv7VOQHJ", "Xb7hH8MSUJpSbSDYk0k2",
  "XrExE9yKIg1WjnnlVkGX", "bIHbv24MWmeRgasZH58o", "cgSgspJ2msm6clMCkdW9", "cjVigY5qzO86Huf0OWal",
  "iP95p4xoKVk53GoZ742B", "nPczCjzI2devNBz1zQrb", "onwK4e9ZLuTAKqWW03F9", "pFZP5JQG7iQjIQuC4Bku",
  "pqHfZKP75CvOlQylNhV4", "vERmHY5ZzBsIRPzH78Rb", "papd083UqIoSWdSkh3fG", "zAr1POVZUrr1zkX0T94t",
  "EIdfNdxb4fnsE39tEAB1", "5Spsi3mCH9e7futpnGE5", "G1QUjBCuRBbLbAmYlTgl", "6wsXez7Nsh9HQSbtqwIK",
  "SfXg52J54dixBlOl016v", "Yf6I1OzNemrgGRsc8z1I", "z0gdR3nhVl1Ig2kiEigL", "wAWUBOIVEUw9IEUYoNzR",
  "6XNSYkDqZ1blajSVtPok", "LNzr3u01PIEDg0fRlvE7", "GxxMAMfQkDlnqjpzjLHH", "RBnMinrYKeccY3vaUxlZ",
  "sZXOZNdVMeHi5J0uiQF7", "8ng6vvUHRpznlJL92xmU", "x5tvfc5X0Qh4cqmLpgrs", "20ptB7Wn4Q2sMkAxK1qK",
  "JaUVfDrFcfwGIsv8X2kN", "iWydkXKoiVtvdn4vLKp9", "HnnPtoATgzx4ubChwm24", "C1DBnkwmDIzoLOPlBvSg",
  "hIssydxXZ1WuDorjx6Ic", "NacdHGUYR1k3M0FAbAia", "87QJokeqzysrKtZFt7jl",
] as const;

export const ALL_VOICE_IDS: ReadonlySet<string> = new Set<string>([...VOICE_SET_A, ...VOICE_SET_B]);
