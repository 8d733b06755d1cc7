import type { TemplateId } from "../templates/template.ts";

/** Reminders carried by videos whose words were generated (article_video, quiz_video); none for the others. */
export function noticesFor(template: TemplateId): string[] | null {
  switch (template) {
    case "article_video":
      return [
        "The script is an AI draft written from your source: read it before publishing.",
        "Fact-check every figure, quote and name against the source; the service checks that each appears in the source, not that the source is right.",
      ];
    case "quiz_video":
      return [
        "The questions are AI drafts: read them before publishing.",
        "Fact-check every answer and fact line; check that each question has one clearly correct option.",
      ];
    default:
      return null;
  }
}
