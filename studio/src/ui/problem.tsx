import type { Refusal } from "../api/session.ts";

/** A refusal as an alert: the problem's title and detail, and every field error with its path. */
export function ProblemNotice({ refusal, heading }: { refusal: Refusal; heading?: string }) {
  return (
    <div class="problem" role="alert">
      <p class="problem-title">
        <strong>{heading ?? refusal.title}</strong>
        {refusal.code !== "NETWORK" && <span class="code"> {refusal.code}</span>}
      </p>
      <p>{refusal.detail}</p>
      {refusal.errors.length > 0 && (
        <ul>
          {refusal.errors.map((e) => (
            <li key={`${e.path}:${e.message}`}>
              <code>{e.path}</code>: {e.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
