/**
 * Short stories and chats in the scripts the service narrates and draws, shared by the end-to-end tests
 * and the contact sheet (scripts/languages-contact-sheet.ts). Each story is a few sentences, 10-20 s of
 * narration, so rendering all of them stays quick.
 */
export interface LanguageSample {
  language: string;
  script: string;
  title: string;
  text: string;
  chat: string[];
}

export const LANGUAGE_SAMPLES: LanguageSample[] = [
  {
    language: "es",
    script: "Latin",
    title: "¿Soy la mala por recuperar el cuenco de mi abuela?",
    text: "Mi compañera de piso usó el cuenco de mi abuela para hacer pan. Le pedí con calma que usara otro, pero se rió. Así que lo lavé y me lo llevé a mi habitación.",
    chat: ["¿Te comiste el último trozo de pastel?", "Define «comer».", "jajaja", "Mamá, lo siento mucho, no volverá a pasar."],
  },
  {
    language: "de",
    script: "Latin",
    title: "Bin ich im Unrecht wegen Omas Schüssel?",
    text: "Meine Mitbewohnerin hat die Schüssel meiner Großmutter für ihren Brotteig benutzt. Ich bat sie ruhig, eine andere zu nehmen, aber sie lachte nur. Also habe ich die Schüssel gespült und in mein Zimmer gebracht.",
    chat: ["Hast du das letzte Stück Kuchen gegessen?", "Definiere „gegessen“.", "Es tut mir wirklich leid, Mama."],
  },
  {
    language: "ru",
    script: "Cyrillic",
    title: "Я неправа, что забрала бабушкину миску?",
    text: "Моя соседка по квартире замесила тесто в бабушкиной миске. Я спокойно попросила её взять другую, но она только рассмеялась. Тогда я вымыла миску и унесла её в свою комнату.",
    chat: ["Ты съел последний кусок торта?", "Смотря что значит «съел».", "Прости, мама, больше не буду."],
  },
  {
    language: "ja",
    script: "Japanese",
    title: "祖母のボウルを取り返した私は悪いですか？",
    text: "ルームメイトが祖母のボウルでパン生地をこねていました。別のボウルを使ってほしいと静かに頼みましたが、彼女は笑うだけでした。だから私はボウルを洗って、自分の部屋に持っていきました。",
    chat: ["最後のケーキを食べたの？", "「食べた」の意味によるね。", "ごめんなさい、お母さん。"],
  },
  {
    language: "zh",
    script: "Chinese",
    title: "我把奶奶的碗拿回来，我错了吗？",
    text: "我的室友用我奶奶的碗来发面。我平静地请她换一个碗，可是她只是笑了笑。于是我把碗洗干净，拿回了自己的房间。",
    chat: ["你吃了最后一块蛋糕吗？", "那要看你说的吃是什么意思。", "对不起，妈妈，我再也不会了。"],
  },
  {
    language: "ar",
    script: "Arabic",
    title: "هل أنا مخطئة لأنني استرجعت وعاء جدتي؟",
    text: "استخدمت زميلتي في السكن وعاء جدتي لعجن الخبز. طلبت منها بهدوء أن تستخدم وعاء آخر، لكنها ضحكت فقط. فغسلت الوعاء وأخذته إلى غرفتي.",
    chat: ["هل أكلت آخر قطعة من الكعكة؟", "هذا يعتمد على معنى أكلت.", "ok", "آسف جدا يا أمي، لن يتكرر ذلك."],
  },
  {
    language: "hi",
    script: "Devanagari",
    title: "क्या मैंने दादी का कटोरा वापस लेकर गलती की?",
    text: "मेरी रूममेट ने मेरी दादी के कटोरे में आटा गूंधा। मैंने शांति से उससे दूसरा कटोरा लेने को कहा, लेकिन वह बस हंस दी। तो मैंने कटोरा धोया और अपने कमरे में ले गई।",
    chat: ["क्या तुमने केक का आखिरी टुकड़ा खाया?", "खाने का मतलब क्या है?", "माफ़ करना माँ, दोबारा नहीं होगा।"],
  },
  {
    language: "th",
    script: "Thai",
    title: "ฉันผิดไหมที่เอาชามของยายคืนมา",
    text: "เพื่อนร่วมห้องใช้ชามของยายฉันนวดแป้งขนมปัง ฉันขอร้องอย่างสุภาพให้ใช้ชามใบอื่น แต่เธอแค่หัวเราะ ฉันจึงล้างชามแล้วเอาไปเก็บในห้องของฉัน",
    chat: ["เธอกินเค้กชิ้นสุดท้ายไปหรือเปล่า", "ขึ้นอยู่กับว่ากินหมายถึงอะไร", "ขอโทษนะแม่"],
  },
  {
    language: "he",
    script: "Hebrew",
    title: "האם טעיתי כשלקחתי בחזרה את הקערה של סבתא?",
    text: "השותפה שלי לדירה לשה בצק בקערה של סבתא שלי. ביקשתי ממנה בשקט להשתמש בקערה אחרת, אבל היא רק צחקה. אז שטפתי את הקערה ולקחתי אותה לחדר שלי.",
    chat: ["אכלת את החתיכה האחרונה של העוגה?", "תלוי מה זה אכלת.", "סליחה אמא, זה לא יקרה שוב."],
  },
];

export const sample = (language: string) => LANGUAGE_SAMPLES.find((s) => s.language === language)!;
