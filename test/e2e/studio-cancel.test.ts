import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser } from "playwright-core";
import { buildStudio } from "../../scripts/build-studio.ts";
import { loadStudio, mountStudio } from "../../src/http/studio.ts";
import { DESKTOP, launchChromium } from "../helpers/browser.ts";
import { useService } from "../helpers/harness.ts";
import { useListening } from "../helpers/listening.ts";
import { makeVideo, openTemplate, signIn } from "../helpers/studio-page.ts";

/**
 * Cancel while queued, in the page. The app is served without workers, as a serve-only process whose
 * workers are all busy would be: a video stays queued until someone cancels it, however slow the
 * machine, so the test never races a worker for it.
 */
let browser: Browser;

beforeAll(async () => {
  await buildStudio();
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

describe("the Studio's progress screen", () => {
  const svc = useService("pglite");
  const serve = useListening(svc);

  test("the cancel button cancels a queued video and the page shows it cancelled", async () => {
    const studio = loadStudio();
    if (!studio) throw new Error("the Studio was not built");
    mountStudio(svc().app, studio, []);
    const url = `http://127.0.0.1:${serve()}`;
    const { apiKey } = await svc().createAccount();

    const page = await (await browser.newContext({ viewport: DESKTOP })).newPage();
    await signIn(page, url, apiKey);
    await openTemplate(page, "Text Messages");
    // The template's own background: nothing is rendered, so none needs to exist.
    await page.getByLabel("Contact Name").fill("Mom");
    await page.getByLabel("Message 1 Sender").selectOption("them");
    await page.getByLabel("Message 1 Text").fill("Are you coming to dinner?");
    const id = await makeVideo(page).catch(async (error: Error) => {
      throw new Error(`${error.message}\nthe page says: ${await page.locator("main").innerText()}`);
    });
    const progress = page.getByRole("region", { name: "Being made" });
    await progress.getByText("Waiting in the queue").waitFor();
    await progress.getByRole("button", { name: "Cancel this video" }).click();

    await page.getByRole("heading", { name: "Cancelled", level: 2 }).waitFor();
    expect(await page.getByRole("region", { name: "Cancelled" }).innerText()).toContain("costs nothing");
    expect(await page.getByRole("button", { name: "Cancel this video" }).count()).toBe(0);
    // The service agrees: the video is cancelled and charged nothing.
    const video = (await (await svc().request(`/v1/videos/${id}`, { key: apiKey })).json()) as { status: string; creditsCharged: unknown };
    expect(video).toMatchObject({ status: "cancelled", creditsCharged: null });
    await page.context().close();
  }, 120_000);
});
