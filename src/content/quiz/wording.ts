import type { Phrasing, QuizQuestion, Rng } from "./question.ts";
import { shuffle } from "./question.ts";

/**
 * Gives each question of a pack a wording and a fact line whose patterns no other question of the pack
 * uses. Questions join one at a time; a newcomer may take a pattern an earlier question holds when that
 * question can move to another of its own (an augmenting path, as in bipartite matching), so a pack of
 * ten questions of one kind still finds ten wordings.
 */
export class PatternPicker {
  private readonly asks = new Matching();
  private readonly facts = new Matching();
  private readonly questions: QuizQuestion[] = [];

  constructor(private readonly rng: Rng) {}

  /** Takes the question if both a wording and a fact line are free for it; false leaves the pack as it was. */
  add(q: QuizQuestion): boolean {
    const asks = this.order(q.asks ?? [{ pattern: `text:${q.question}`, text: q.question }]);
    const facts = this.order(q.facts ?? [{ pattern: `text:${q.fact}`, text: q.fact }]);
    const saved = [this.asks.save(), this.facts.save()] as const;
    if (this.asks.add(asks) && this.facts.add(facts)) {
      this.questions.push(q);
      return true;
    }
    this.asks.restore(saved[0]);
    this.facts.restore(saved[1]);
    return false;
  }

  get size(): number {
    return this.questions.length;
  }

  /** The questions as a pack shows them: the chosen wording and fact, without the alternatives. */
  picked(): QuizQuestion[] {
    return this.questions.map(({ asks: _asks, facts: _facts, ...q }, i) => {
      const ask = this.asks.chosen(i);
      const fact = this.facts.chosen(i);
      return { ...q, question: ask.text, fact: fact.text, pattern: ask.pattern, factPattern: fact.pattern };
    });
  }

  /** A question's own wordings first (the most natural), each group in a seeded order for variety. */
  private order(phrasings: Phrasing[]): Phrasing[] {
    const own = phrasings.filter((p) => !p.pattern.startsWith("any:"));
    const generic = phrasings.filter((p) => p.pattern.startsWith("any:"));
    return [...shuffle(own, this.rng), ...shuffle(generic, this.rng)];
  }
}

/** Questions (by index) matched to patterns, one pattern each. */
class Matching {
  private owner = new Map<string, number>();
  private choice: Phrasing[] = [];
  private options: Phrasing[][] = [];

  add(options: Phrasing[]): boolean {
    const i = this.options.length;
    this.options.push(options);
    if (this.augment(i, new Set())) return true;
    this.options.pop();
    return false;
  }

  chosen(i: number): Phrasing {
    return this.choice[i]!;
  }

  save() {
    return { owner: new Map(this.owner), choice: [...this.choice], options: [...this.options] };
  }

  restore(saved: ReturnType<Matching["save"]>): void {
    this.owner = saved.owner;
    this.choice = saved.choice;
    this.options = saved.options;
  }

  private augment(i: number, seen: Set<string>): boolean {
    for (const p of this.options[i]!) {
      if (seen.has(p.pattern)) continue;
      seen.add(p.pattern);
      const holder = this.owner.get(p.pattern);
      if (holder === undefined || this.augment(holder, seen)) {
        this.owner.set(p.pattern, i);
        this.choice[i] = p;
        return true;
      }
    }
    return false;
  }
}
