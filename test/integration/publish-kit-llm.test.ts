import { afterAll, describe, expect, test } from "bun:test";
import { createLlmClient } from "../../src/content/llm/client.ts";
import { silentLogger } from "../../src/kernel/logger.ts";
import { writeOfflineKit } from "../../src/publishing/kit-offline.ts";
import { createPublishKitWriter, kitProblem } from "../../src/publishing/kit-writer.ts";
import type { PublishSource } from "../../src/publishing/model.ts";
import { startFakeChatServer } from "../fakes/chat-server.ts";

const chat = startFakeChatServer();
afterAll(() => chat.stop());

const source: PublishSource = {
  title: "How tides work",
  text: "Tides are the slow rise and fall of the sea, driven mostly by the Moon. The Bay of Fundy in Canada sees some of the highest tides on Earth.",
  lead: "Tides are the slow rise and fall of the sea, driven mostly by the Moon.",
};
const answer = (description: string) => ({ content: JSON.stringify({ title: "Why the sea rises and falls", description, caption: "The Moon moves the sea.", hashtags: ["tides", "Moon"] }) });

describe("the publish kit by an OpenAI-compatible server", () => {
  const writer = () => createPublishKitWriter(createLlmClient({ baseUrl: chat.url, apiKey: "sk-test", model: "test-model" }), silentLogger);

  test("structured output under the fidelity check: a claim the script does not make is sent back with the reason", async () => {
    chat.requests.length = 0;
    chat.replies.push(answer("NASA says the Bay of Fundy tides reach 16 metres."), answer("The Moon drives the tides, and the Bay of Fundy sees some of the highest."));
    const kit = await writer().write(source);
    expect(kit.generator).toBe("llm");
    expect(kit.youtube.title).toBe("Why the sea rises and falls");
    expect(kitProblem(kit, source)).toBeNull();
    const calls = chat.requests.filter((r) => r.path === "/v1/chat/completions");
    expect(calls).toHaveLength(2);
    expect(calls[0]!.body.response_format.json_schema.name).toBe("publish_kit");
    expect(calls[0]!.body.messages.at(-1).content).toContain(source.text);
    expect(calls[1]!.body.messages.at(-1).content).toContain("NASA");
  });

  test("a server that fails gives the offline kit", async () => {
    chat.replies.push({ status: 500, error: "down" }, { status: 500, error: "down" }, { status: 500, error: "down" });
    expect(await writer().write(source)).toEqual(writeOfflineKit(source));
  });
});
