import { useEffect, useState } from "preact/hooks";

/**
 * Screens are hash routes (`#/videos/vid_...`), so the service serves one page at `/` and needs no
 * route per screen; the key never enters the hash.
 */
export type Route = { name: "home" } | { name: "new"; template: string } | { name: "videos" } | { name: "video"; id: string } | { name: "account" };

export function parseRoute(hash: string): Route {
  const parts = hash.replace(/^#\/?/, "").split("/").filter(Boolean).map(decodeURIComponent);
  if (parts[0] === "new" && parts[1]) return { name: "new", template: parts[1] };
  if (parts[0] === "videos" && parts[1]) return { name: "video", id: parts[1] };
  if (parts[0] === "videos") return { name: "videos" };
  if (parts[0] === "account") return { name: "account" };
  return { name: "home" };
}

export function hrefOf(route: Route): string {
  switch (route.name) {
    case "home":
      return "#/";
    case "new":
      return `#/new/${encodeURIComponent(route.template)}`;
    case "videos":
      return "#/videos";
    case "video":
      return `#/videos/${encodeURIComponent(route.id)}`;
    case "account":
      return "#/account";
  }
}

export function navigate(route: Route): void {
  location.hash = hrefOf(route);
}

export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(location.hash));
  useEffect(() => {
    const changed = () => {
      setRoute(parseRoute(location.hash));
      // A new screen starts at its top, with focus on its heading for screen readers.
      window.scrollTo(0, 0);
      requestAnimationFrame(() => document.querySelector<HTMLElement>("main h1")?.focus());
    };
    addEventListener("hashchange", changed);
    return () => removeEventListener("hashchange", changed);
  }, []);
  return route;
}
