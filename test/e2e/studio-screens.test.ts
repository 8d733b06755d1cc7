import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { type AxeViolation, DESKTOP, PHONE, launchChromium, seriousViolations } from "../helpers/browser.ts";
import type { LiveService } from "../helpers/live-service.ts";
import { ROOT } from "../helpers/service-process.ts";
import { fillShortChat, makeVideo, openTemplate, signIn, startStudioService, waitForPlayableVideo, waitForPrice } from "../helpers/studio-page.ts";

/**
 * Every screen of the Studio, at phone and desktop width, checked by axe-core: no serious or critical
 * violation. With STUDIO_SCREENSHOTS=1 each is also saved under docs/studio/ (the README shows them).
 */
const SHOTS = join(ROOT, "docs", "studio");
const saveShots = process.env.STUDIO_SCREENSHOTS === "1";

let service: LiveService;
let apiKey: string;
let browser: Browser;

beforeAll(async () => {
  ({ service, apiKey } = await startStudioService());
  browser = await launchChromium();
  if (saveShots) mkdirSync(SHOTS, { recursive: true });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await service?.stop();
});

const found: Record<string, AxeViolation[]> = {};

/** The screen as it is now, at both widths: its axe findings kept, its picture saved when asked. */
async function capture(page: Page, name: string): Promise<void> {
  for (const [width, viewport] of [["phone", PHONE], ["desktop", DESKTOP]] as const) {
    await page.setViewportSize(viewport);
    // Let the layout settle at the new width before judging contrast and reflow.
    await page.waitForTimeout(150);
    found[`${name} (${width})`] = await seriousViolations(page);
    if (saveShots) await page.screenshot({ path: join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize(DESKTOP);
}

test("every screen, at phone and desktop width, has no serious or critical accessibility violation", async () => {
  const page = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  await page.goto(`${service.url}/`);
  await page.getByLabel("API key").waitFor();
  await capture(page, "01-sign-in");

  await page.getByLabel("API key").fill("svk_live_revokedorwrong0000000000000000");
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("alert").waitFor();
  await capture(page, "02-sign-in-refused");

  await signIn(page, service.url, apiKey);
  await page.getByRole("heading", { name: "Choose a template" }).waitFor();
  await capture(page, "03-templates");

  await openTemplate(page, "Text Messages");
  await fillShortChat(page, "");
  await waitForPrice(page).catch(() => undefined);
  await page.getByRole("button", { name: "Make the video" }).click();
  await page.getByRole("alert").filter({ hasText: "The video was not started" }).waitFor();
  await capture(page, "04-form-refused");

  await page.getByLabel("Contact Name").fill("Mom");
  await waitForPrice(page);
  await capture(page, "05-form");

  await makeVideo(page);
  await page.getByRole("heading", { name: /Being made|Ready/ }).waitFor();
  await capture(page, "06-progress");

  await waitForPlayableVideo(page, 180_000);
  await capture(page, "07-result");

  await page.getByRole("link", { name: "Your videos" }).click();
  await page.getByRole("heading", { name: "Your videos" }).waitFor();
  await page.locator(".video-row img").first().waitFor();
  await capture(page, "08-videos");

  await page.getByRole("link", { name: "Account" }).click();
  await page.getByRole("heading", { name: "Limits" }).waitFor();
  await capture(page, "09-account");

  await page.getByRole("link", { name: "New video" }).click();
  await openTemplate(page, "AI Quiz Video");
  await page.getByLabel("Topic").fill("capitals of Europe");
  await page.getByRole("button", { name: "Write the question pack (free)" }).click();
  await page.getByRole("region", { name: "Free first step" }).getByText(/Project prj_/).waitFor({ timeout: 60_000 });
  await capture(page, "10-quiz-pack");

  // The person's edit refused by the service: the error sits at the option it names.
  await page.getByLabel("Question 1 Option D", { exact: true }).fill(await page.getByLabel("Question 1 Option A", { exact: true }).inputValue());
  await page.getByRole("button", { name: "Save my changes", exact: true }).click();
  await page.getByRole("alert").filter({ hasText: "Your questions were not saved" }).waitFor();
  await capture(page, "12-quiz-pack-refused");

  await page.getByRole("link", { name: "New video" }).click();
  await openTemplate(page, "Reddit Story");
  await page.getByRole("textbox", { name: "Title", exact: true }).fill("AITA for eating the last slice?");
  await page.getByRole("textbox", { name: "Text", exact: true }).fill("So this happened at my family's dinner last week and I still cannot decide who is right. ".repeat(10));
  await page.getByRole("button", { name: "Hear the narration teaser (free)" }).click();
  await page.getByLabel("Narration teaser").waitFor({ timeout: 90_000 });
  await capture(page, "11-reddit-teaser");

  expect(Object.keys(found).length).toBe(24);
  for (const [screen, violations] of Object.entries(found)) expect({ screen, violations }).toEqual({ screen, violations: [] });
}, 400_000);
