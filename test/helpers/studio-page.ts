import type { Page } from "playwright-core";
import { buildStudio } from "../../scripts/build-studio.ts";
import { type LiveService, LIBRARY_BACKGROUND, createApiKey, startLiveService } from "./live-service.ts";

/**
 * What a person does in the Studio, step by step, found by the names a screen reader reads: the
 * tests fail if a control loses its label.
 */

/** The Studio built from this checkout, then the real service serving it, with an account's key. */
export async function startStudioService(): Promise<{ service: LiveService; apiKey: string }> {
  await buildStudio();
  const service = await startLiveService();
  return { service, apiKey: await createApiKey(service) };
}

export async function signIn(page: Page, url: string, apiKey: string): Promise<void> {
  await page.goto(`${url}/`);
  await page.getByLabel("API key").fill(apiKey);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("heading", { name: "Your account" }).waitFor();
}

export async function openTemplate(page: Page, name: string): Promise<void> {
  await page.getByRole("link", { name: `Make a video with ${name}` }).click();
  await page.getByRole("heading", { name, level: 1 }).waitFor();
}

/**
 * The smallest chat: two short messages over the test library's 2 s clip (so no generated footage
 * is needed), cut after the first message. `contact` empty leaves the required name out.
 */
export async function fillShortChat(page: Page, contact = "Mom"): Promise<void> {
  if (contact) await page.getByLabel("Contact Name").fill(contact);
  await page.getByLabel("Message 1 Sender").selectOption("them");
  await page.getByLabel("Message 1 Text").fill("Did you take the last slice of cake?");
  await page.getByRole("button", { name: "Add message" }).click();
  await page.getByLabel("Message 2 Sender").selectOption("me");
  await page.getByLabel("Message 2 Text").fill("Define 'take'.");
  await page.getByText("More options", { exact: true }).click();
  await page.getByLabel("Background Asset ID", { exact: true }).fill(LIBRARY_BACKGROUND);
  // Asks for cutAtMs, which the result page shows.
  await page.getByLabel("Cut after message").fill("1");
}

/** The estimate box once it shows a price for the current inputs. */
export async function waitForPrice(page: Page): Promise<string> {
  const box = page.getByRole("region", { name: "Price" });
  await box.getByText(/ready in about/).waitFor({ timeout: 20_000 });
  return box.innerText();
}

/** Presses create and waits for the video's page; returns the video id from the address. */
export async function makeVideo(page: Page, button = "Make the video"): Promise<string> {
  await page.getByRole("button", { name: button }).click();
  await page.waitForURL(/#\/videos\/vid_/);
  return decodeURIComponent(new URL(page.url()).hash.split("/")[2]!);
}

/** Waits for the result and for the browser to have read the MP4's length. */
export async function waitForPlayableVideo(page: Page, timeoutMs: number): Promise<number> {
  await page.getByRole("heading", { name: "Ready" }).waitFor({ timeout: timeoutMs });
  const player = page.getByLabel("The finished video");
  await player.waitFor();
  await page.waitForFunction(() => (document.querySelector("video.player") as HTMLVideoElement | null)?.duration! > 0, undefined, { timeout: 30_000 });
  return player.evaluate((video: HTMLVideoElement) => video.duration);
}
