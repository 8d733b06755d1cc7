import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { STUDIO_OUT_DIR } from "../../scripts/build-studio.ts";
import { DESKTOP, launchChromium } from "../helpers/browser.ts";
import { type LiveService, createApiKey, shortvid } from "../helpers/live-service.ts";
import { fillShortChat, makeVideo, openTemplate, signIn, startStudioService, waitForPlayableVideo, waitForPrice } from "../helpers/studio-page.ts";

/**
 * The Studio in Debian's Chromium against the real service: a person's visit from the key to the
 * downloaded file, a refusal shown next to its field, and the quiz made from its free pack.
 */
let service: LiveService;
let apiKey: string;
let browser: Browser;

beforeAll(async () => {
  ({ service, apiKey } = await startStudioService());
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await service?.stop();
});

/** A pasted article long enough for a script (the extractive writer needs 90 words or more). */
const ARTICLE_TEXT = [
  "Honeybees are among the most studied insects on Earth, yet they keep surprising the people who study them.",
  "A single colony can hold 60,000 workers in summer, and every one of them has a job that changes as it ages.",
  "Young bees clean cells and feed larvae; older ones build comb, guard the entrance and finally fly out to forage.",
  "Foragers tell their sisters where flowers are with a waggle dance whose angle points the way and whose length tells the distance.",
  "Researchers in Toulouse found that bees can even learn to recognise human faces, treating them as patterns of parts.",
  "That is a lot of thinking for a brain smaller than a sesame seed, and it is why bees remain a favourite of scientists.",
].join(" ");

async function freshPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: DESKTOP });
  return context.newPage();
}

/** The API's paths from its own OpenAPI document, as patterns (`/v1/videos/{id}` matches one segment). */
async function apiPathPatterns(): Promise<RegExp[]> {
  const document = (await (await fetch(`${service.url}/v1/openapi.json`)).json()) as { paths: Record<string, unknown> };
  return Object.keys(document.paths).map((path) => new RegExp(`^${path.replace(/[.]/g, "\\.").replace(/\{[^}]+\}/g, "[^/]+")}$`));
}

describe("the Studio", () => {
  test("a wrong key is refused with a message, and nothing is stored", async () => {
    const page = await freshPage();
    await page.goto(`${service.url}/`);
    await page.getByLabel("API key").fill("svk_live_notakeyofthisservice0000000000");
    await page.getByRole("button", { name: "Sign in" }).click();
    const alert = page.getByRole("alert");
    await alert.waitFor();
    expect(await alert.innerText()).toContain("This key was not accepted");
    expect(await page.evaluate(() => Object.keys(localStorage))).toEqual([]);
    await page.context().close();
  });

  test("a stored key that is revoked is forgotten on the next visit, and a disabled account's key is refused, each with the service's reason", async () => {
    const admin = (args: string[]) => shortvid(["admin", ...args], { env: { DATA_DIR: service.dataDir, LOG_LEVEL: "error" } });
    const page = await freshPage();
    const revoked = await createApiKey(service);
    await signIn(page, service.url, revoked);
    const me = (await (await fetch(`${service.url}/v1/me`, { headers: { authorization: `Bearer ${revoked}` } })).json()) as { key: { id: string } };
    expect((await admin(["revoke-key", "--key", me.key.id])).code).toBe(0);
    await page.reload();
    const stale = page.getByRole("alert").filter({ hasText: "Your saved key no longer works" });
    await stale.waitFor();
    await page.getByLabel("API key").waitFor();
    expect(await page.evaluate(() => Object.keys(localStorage))).toEqual([]);

    const email = `${crypto.randomUUID()}@example.com`;
    const created = await admin(["create-account", "--email", email, "--plan", "pro", "--print", "apiKey"]);
    expect((await admin(["disable-account", "--account", email])).code).toBe(0);
    await page.getByLabel("API key").fill(created.stdout.trim());
    await page.getByRole("button", { name: "Sign in" }).click();
    const refused = page.getByRole("alert").filter({ hasText: /disabled/i });
    await refused.waitFor();
    expect(await page.evaluate(() => Object.keys(localStorage))).toEqual([]);
    await page.context().close();
  }, 120_000);

  test("sign in, make a chat video through the form, watch it play and download it; every request is the public API or the Studio's own assets", async () => {
    const page = await freshPage();
    const requests: string[] = [];
    page.on("request", (request) => requests.push(request.url()));
    await signIn(page, service.url, apiKey);
    const account = await page.getByRole("region", { name: "Your account" }).innerText();
    expect(account).toContain("Pro");
    expect(account).toMatch(/120 of 120/);
    // The key is kept in the browser and never put in an address.
    expect(await page.evaluate(() => Object.values(localStorage))).toContain(apiKey);

    await openTemplate(page, "Text Messages");
    await fillShortChat(page);
    expect(await waitForPrice(page)).toMatch(/render\s+1 video\b/);
    expect(await page.locator("#price-line").innerText()).toBe("Costs 1 video.");
    const id = await makeVideo(page);
    expect(id).toMatch(/^vid_/);
    const duration = await waitForPlayableVideo(page, 180_000).catch((error: Error) => {
      throw new Error(`${error.message}\nservice ${service.exited() ? "exited" : "running"}; its log ends:\n${service.logTail().slice(-4000)}`);
    });
    expect(duration).toBeGreaterThan(1);

    const result = page.getByRole("region", { name: "Ready" });
    for (const name of ["Video (MP4)", "Captions (SRT)", "Captions (WebVTT)", "Captions with word times (JSON)", "Poster (JPEG)", "Contact sheet (JPEG)"]) {
      expect(await result.getByRole("link", { name }).getAttribute("href")).toStartWith(`${service.url}/v1/d/`);
    }
    expect(await result.innerText()).toMatch(/These links work until/);
    expect(await result.innerText()).toMatch(/Cut point for splicing: \d+\.\d s/);
    // A chat has no spoken captions, so its poster is the file fetched here: a JPEG.
    const [download] = await Promise.all([page.waitForEvent("download"), result.getByRole("link", { name: "Poster (JPEG)" }).click()]);
    expect([...readFileSync((await download.path())!).subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);

    // The same video is listed, newest first, and opens its result page again.
    await page.getByRole("link", { name: "Your videos" }).click();
    await page.getByRole("link", { name: "Text Messages" }).first().click();
    await page.getByRole("heading", { name: "Ready" }).waitFor();

    const patterns = await apiPathPatterns();
    const manifest = JSON.parse(readFileSync(join(STUDIO_OUT_DIR, "manifest.json"), "utf8")) as { assets: string[] };
    const studio = new Set(["/", ...manifest.assets.map((name) => `/studio/assets/${name}`)]);
    // The page's empty icon is a data: URL, fetched from nowhere.
    const paths = requests.map((url) => new URL(url)).filter((url) => url.protocol !== "data:");
    expect(paths.filter((url) => url.origin !== service.url).map(String)).toEqual([]);
    const unknown = paths.map((url) => url.pathname).filter((path) => !studio.has(path) && !patterns.some((p) => p.test(path)));
    expect(unknown).toEqual([]);
    // The visit did use the API: the account, the catalog, the estimate, the create, the stream and a download link.
    for (const path of ["/v1/me", "/v1/templates", "/v1/estimate", "/v1/videos", `/v1/videos/${id}/events`]) expect(paths.map((u) => u.pathname)).toContain(path);
    expect(paths.some((u) => u.pathname.startsWith("/v1/d/"))).toBe(true);
    await page.context().close();
  }, 300_000);

  test("a refused input is shown next to the field its path names", async () => {
    const page = await freshPage();
    await signIn(page, service.url, apiKey);
    await openTemplate(page, "Text Messages");
    await fillShortChat(page, "");
    await page.getByRole("button", { name: "Make the video" }).click();
    const alert = page.getByRole("alert").filter({ hasText: "The video was not started" });
    await alert.waitFor();
    expect(await alert.innerText()).toContain("inputs.contact.name");
    const field = page.getByLabel("Contact Name");
    expect(await field.getAttribute("aria-invalid")).toBe("true");
    const describedBy = (await field.getAttribute("aria-describedby"))!;
    expect(describedBy).toContain("f-contact-name-error");
    expect(await page.locator("#f-contact-name-error").innerText()).toMatch(/required|empty/);
    expect(page.url()).not.toContain("#/videos/");
    await page.context().close();
  });

  test("a reddit_story teaser from the free step plays in the page, and the create button then offers its project", async () => {
    const page = await freshPage();
    await signIn(page, service.url, apiKey);
    await openTemplate(page, "Reddit Story");
    await page.getByRole("textbox", { name: "Title", exact: true }).fill("AITA for eating the last slice?");
    await page.getByRole("textbox", { name: "Text", exact: true }).fill("So this happened at my family's dinner last week and I still cannot decide who is right. ".repeat(10));
    await page.getByRole("button", { name: "Hear the narration teaser (free)" }).click();
    const teaser = page.getByLabel("Narration teaser");
    await teaser.waitFor({ timeout: 90_000 });
    await page.waitForFunction(() => (document.querySelector("audio") as HTMLAudioElement | null)?.duration! > 0, undefined, { timeout: 20_000 });
    expect(await teaser.evaluate((audio: HTMLAudioElement) => audio.duration)).toBeGreaterThan(3);
    expect(await page.getByRole("button", { name: "Make the video from this project" }).isVisible()).toBe(true);
    await page.context().close();
  }, 120_000);

  test("an article script written by the free step is rewritten in the page and saved as the person's own words", async () => {
    const page = await freshPage();
    await signIn(page, service.url, apiKey);
    await openTemplate(page, "Article to Video");
    await page.getByLabel("Source Kind").selectOption("text");
    await page.getByLabel("Source Text").fill(ARTICLE_TEXT);
    await page.getByRole("button", { name: "Write the script (free)" }).click();
    const step = page.getByRole("region", { name: "Free first step" });
    await step.getByText(/Project prj_/).waitFor({ timeout: 60_000 });
    const script = step.getByLabel("Script text");
    expect((await script.inputValue()).length).toBeGreaterThan(100);
    await script.fill("Honeybees can recognise human faces. They learn a face as a pattern of parts, the way they learn a flower.");
    await step.getByRole("button", { name: "Save my changes", exact: true }).click();
    await step.getByText("Your version is saved.").waitFor();
    // The notices now say the words are the person's, not an AI draft.
    const notices = await step.locator(".notices").innerText();
    expect(notices).toContain("as you edited it");
    expect(notices).not.toContain("AI draft");
    expect(await page.getByRole("button", { name: "Make the video from this project" }).isVisible()).toBe(true);
    await page.context().close();
  }, 120_000);

  test("a quiz pack written by the free step is edited in the page, and the video made from it asks the edited question", async () => {
    const page = await freshPage();
    await signIn(page, service.url, apiKey);
    await openTemplate(page, "AI Quiz Video");
    await page.getByLabel("Topic").fill("capitals of Europe");
    await page.getByLabel("Countdown seconds").selectOption("3");
    // Captions carry every narrated word into captions.json, where the test reads what the video says.
    await page.getByText("More options", { exact: true }).click();
    await page.getByLabel("Captions enabled").check();
    await page.getByRole("button", { name: "Write the question pack (free)" }).click();
    const step = page.getByRole("region", { name: "Free first step" });
    await step.getByText(/Project prj_/).waitFor({ timeout: 60_000 });
    expect(await step.getByRole("group", { name: /^Question \d$/ }).count()).toBe(5);
    const projectId = (await step.getByText(/Project prj_/).innerText()).match(/prj_\w+/)![0];

    // One question of the person's own: the other four removed, its words, options and answer changed.
    for (let left = 5; left > 1; left--) await step.getByRole("button", { name: "Remove question 2" }).click();
    await step.getByLabel("Question 1 Question text").fill("Which river flows through Paris?");
    for (const [letter, option] of [["A", "Thames"], ["B", "Seine"], ["C", "Danube"], ["D", "Seine"]] as const) await step.getByLabel(`Question 1 Option ${letter}`, { exact: true }).fill(option);
    await step.getByLabel("Question 1: option B is the correct answer").check();
    await step.getByLabel("Question 1 Fact line").fill("The Seine crosses Paris from east to west.");
    // A repeated option is refused by the service, next to the option it names, and nothing is made.
    await step.getByRole("button", { name: "Save my changes", exact: true }).click();
    await step.getByRole("alert").filter({ hasText: "Your questions were not saved" }).waitFor();
    const repeated = step.getByLabel("Question 1 Option D", { exact: true });
    expect(await repeated.getAttribute("aria-invalid")).toBe("true");
    expect(await page.locator(`#${(await repeated.getAttribute("aria-describedby"))!}`).innerText()).toContain("repeats option 2");
    await repeated.fill("Tiber");

    const id = await makeVideo(page, "Save my changes and make the video");
    const made = (await (await fetch(`${service.url}/v1/videos/${id}`, { headers: { authorization: `Bearer ${apiKey}` } })).json()) as { projectId: string; notices: string[] };
    expect(made.projectId).toBe(projectId);
    expect(made.notices.join(" ")).toContain("as you edited them");
    expect(made.notices.join(" ")).not.toContain("AI drafts");
    await waitForPlayableVideo(page, 300_000).catch((error: Error) => {
      throw new Error(`${error.message}\nservice ${service.exited() ? "exited" : "running"}; its log ends:\n${service.logTail().slice(-4000)}`);
    });
    const result = page.getByRole("region", { name: "Ready" });
    expect(await result.getByRole("list", { name: "Notices" }).innerText()).toContain("as you edited them");
    const captions = (await (await fetch((await result.getByRole("link", { name: "Captions with word times (JSON)" }).getAttribute("href"))!)).json()) as { words: { text: string }[] };
    const spoken = captions.words.map((w) => w.text.toLowerCase().replace(/[^a-z]/g, "")).join(" ");
    for (const word of ["river", "paris", "thames", "seine", "danube", "tiber"]) expect(spoken).toContain(word);

    // The list shows the video's length, as the result page does.
    const length = (await result.innerText()).match(/Length: (\d+:\d\d)/)![1]!;
    await page.getByRole("link", { name: "Your videos" }).click();
    const row = page.locator(".video-row").filter({ has: page.getByRole("link", { name: "AI Quiz Video" }) }).first();
    await row.waitFor();
    expect(await row.innerText()).toContain(length);
    await page.context().close();
  }, 420_000);
});
