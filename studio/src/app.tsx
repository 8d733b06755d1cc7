import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import type { Result, ShortvidClient, Template } from "../../client/src/client.ts";
import { AccountPanel } from "./account/account-panel.tsx";
import { type Me, SignIn } from "./account/sign-in.tsx";
import { type Refusal, clientFor, refusalOf, storeKey, storedKey } from "./api/session.ts";
import { type Choices, CreatePage } from "./create/create-page.tsx";
import { type Route, hrefOf, useRoute } from "./router.ts";
import { Gallery } from "./templates/gallery.tsx";
import { ProblemNotice } from "./ui/problem.tsx";
import { VideoList } from "./videos/video-list.tsx";
import { VideoPage } from "./videos/video-page.tsx";

type Options = Result<"getOptions">;

/** Voice ids as names ("Daniel, male") and their preview links, for every voice field of every template. */
function choicesOf(options: Options | null): Choices {
  const labels = new Map<string, string>();
  const voicePreviews = new Map<string, string>();
  for (const voice of options?.voices ?? []) {
    labels.set(voice.id, `${voice.name}, ${voice.gender}`);
    if (voice.previewUrl) voicePreviews.set(voice.id, voice.previewUrl);
  }
  return { labels, voicePreviews };
}

interface Session {
  key: string;
  client: ShortvidClient;
  me: Me;
}

export function App() {
  const route = useRoute();
  const [session, setSession] = useState<Session | null>(null);
  // A stored key is checked before anything shows, so a revoked one lands on the sign-in screen.
  const [checking, setChecking] = useState(() => storedKey() !== null);
  const [startRefusal, setStartRefusal] = useState<Refusal | null>(null);
  const [templates, setTemplates] = useState<Template[] | null>(null);
  const [options, setOptions] = useState<Options | null>(null);
  const early = useRef<{ key: string; templates: Promise<Template[]> } | null>(null);

  useEffect(() => {
    const key = storedKey();
    if (!key) return;
    const client = clientFor(key);
    // The catalog is asked alongside the account, not after it: the first screen needs both.
    const templates = client.templates();
    // A refused key refuses this too; the account's refusal is the one shown.
    templates.catch(() => {});
    early.current = { key, templates };
    client
      .me()
      .then((me) => setSession({ key, client, me }))
      .catch((error: unknown) => {
        const refusal = refusalOf(error);
        if (refusal.status === 401 || refusal.status === 403) storeKey(null);
        setStartRefusal(refusal);
      })
      .finally(() => setChecking(false));
  }, []);

  useEffect(() => {
    if (!session) return;
    const pending = early.current?.key === session.key ? early.current.templates : session.client.templates();
    early.current = null;
    pending.then(setTemplates, (error: unknown) => setStartRefusal(refusalOf(error)));
    session.client.options().then(setOptions, () => setOptions(null));
  }, [session?.key]);

  const refreshMe = () => {
    if (session) session.client.me().then((me) => setSession({ ...session, me }), () => {});
  };
  const signOut = () => {
    storeKey(null);
    setSession(null);
    setTemplates(null);
    location.hash = "#/";
  };
  const choices = useMemo(() => choicesOf(options), [options]);
  const templateNames = useMemo(() => new Map((templates ?? []).map((t) => [t.id, t.name])), [templates]);

  let screen;
  if (checking) screen = <p>Checking your key…</p>;
  else if (!session) {
    screen = (
      <>
        {startRefusal && <ProblemNotice refusal={startRefusal} heading="Your saved key no longer works" />}
        <SignIn
          onSignedIn={(key, me) => {
            storeKey(key);
            setStartRefusal(null);
            setSession({ key, client: clientFor(key), me });
          }}
        />
      </>
    );
  } else screen = <Screen route={route} session={session} templates={templates} choices={choices} templateNames={templateNames} onCreated={refreshMe} />;

  return (
    <>
      <a class="skip" href="#main">
        Skip to content
      </a>
      <header class="top">
        <a class="brand" href="#/">
          Shortvid Studio
        </a>
        {session && (
          <nav aria-label="Studio">
            <NavLink route={{ name: "home" }} current={route} label="New video" />
            <NavLink route={{ name: "videos" }} current={route} label="Your videos" />
            <NavLink route={{ name: "account" }} current={route} label="Account" />
            <button type="button" class="link" onClick={signOut}>
              Sign out
            </button>
          </nav>
        )}
      </header>
      <main id="main">{screen}</main>
    </>
  );
}

function NavLink({ route, current, label }: { route: Route; current: Route; label: string }) {
  const active = route.name === current.name || (route.name === "videos" && current.name === "video") || (route.name === "home" && current.name === "new");
  return (
    <a href={hrefOf(route)} aria-current={active ? "page" : undefined}>
      {label}
    </a>
  );
}

interface ScreenProps {
  route: Route;
  session: Session;
  templates: Template[] | null;
  choices: Choices;
  templateNames: Map<string, string>;
  onCreated(): void;
}

function Screen({ route, session, templates, choices, templateNames, onCreated }: ScreenProps) {
  const { client, me } = session;
  switch (route.name) {
    case "account":
      return (
        <>
          <h1 tabIndex={-1}>Account</h1>
          <AccountPanel me={me} />
        </>
      );
    case "videos":
      return <VideoList client={client} templateNames={templateNames} />;
    case "video":
      return <VideoPage key={route.id} client={client} id={route.id} templateNames={templateNames} />;
    case "new": {
      if (!templates) return <p>Loading the templates…</p>;
      const template = templates.find((t) => t.id === route.template);
      if (!template) return <p>No template {route.template} on this service.</p>;
      return <CreatePage key={template.id} client={client} template={template} choices={choices} onCreated={onCreated} />;
    }
    case "home":
      return (
        <>
          <h1 tabIndex={-1}>Make a short video</h1>
          <AccountPanel me={me} compact />
          {templates ? <Gallery templates={templates} /> : <p>Loading the templates…</p>}
        </>
      );
  }
}
