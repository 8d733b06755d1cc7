import { useState } from "preact/hooks";
import type { Result } from "../../../client/src/client.ts";
import { type Refusal, clientFor, refusalOf } from "../api/session.ts";
import { ProblemNotice } from "../ui/problem.tsx";

export type Me = Result<"getMe">;

/** Why a key was refused, in words a person can act on; the service's detail follows. */
function headingOf(refusal: Refusal): string {
  if (refusal.status === 401) return "This key was not accepted";
  if (refusal.status === 403) return "This account cannot be used";
  return "Could not sign in";
}

export function SignIn({ onSignedIn }: { onSignedIn(key: string, me: Me): void }) {
  const [key, setKey] = useState("");
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const submit = async (event: Event) => {
    event.preventDefault();
    const trimmed = key.trim();
    if (!trimmed) return;
    setBusy(true);
    setRefusal(null);
    try {
      const me = await clientFor(trimmed).me();
      onSignedIn(trimmed, me);
    } catch (error) {
      setRefusal(refusalOf(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section class="card narrow" aria-labelledby="sign-in-heading">
      <h1 id="sign-in-heading" tabIndex={-1}>
        Sign in to the Studio
      </h1>
      <p>
        Paste an API key of this service. It stays in this browser (local storage) and is sent only to this service. An operator makes one with{" "}
        <code>./shortvid admin create-account</code>.
      </p>
      <form onSubmit={submit}>
        <div class="field">
          <label for="api-key">API key</label>
          <input id="api-key" type="password" autoComplete="off" spellcheck={false} required placeholder="svk_live_…" value={key} onInput={(e) => setKey(e.currentTarget.value)} />
        </div>
        <button type="submit" disabled={busy}>
          {busy ? "Signing in…" : "Sign in"}
        </button>
      </form>
      {refusal && <ProblemNotice refusal={refusal} heading={headingOf(refusal)} />}
    </section>
  );
}
