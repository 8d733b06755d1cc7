import { render } from "preact";
import { App } from "./app.tsx";
import "./styles.css";

const root = document.getElementById("app")!;
root.replaceChildren();
render(<App />, root);
