import { createPrivateKey } from "node:crypto";
import { coseSigner } from "./cose.ts";
import { type SignReply, type SignRequest, signFile } from "./signer.ts";

/** The signing thread of createContentSigner: it is given the credentials once, then files to sign one by one. */

declare const self: Worker;
let signer: ReturnType<typeof coseSigner> | undefined;

self.onmessage = async (event: MessageEvent<SignRequest>) => {
  const request = event.data;
  if (request.kind === "credentials") {
    signer = coseSigner({ chain: request.chain, key: createPrivateKey(request.keyPem), alg: request.alg });
    return;
  }
  try {
    if (!signer) throw new Error("no credentials were given");
    const { bytesAdded } = await signFile(await signer, request.path, request.facts);
    self.postMessage({ id: request.id, ok: true, bytesAdded } satisfies SignReply);
  } catch (error) {
    self.postMessage({ id: request.id, ok: false, message: error instanceof Error ? error.message : String(error) } satisfies SignReply);
  }
};
