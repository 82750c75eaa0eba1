import { type BoardState, before, type Placed, type RankEntry, type RankStore } from './rank-store.ts';

const MAX_LEVEL = 32;
const BRANCHING = 0.25;

interface Node {
  entry: RankEntry | null;
  next: (Node | null)[];
  /** How many entries `next[i]` is ahead of this node (Redis's zskiplist spans). */
  span: number[];
}

const node = (entry: RankEntry | null, levels: number): Node => ({
  entry,
  next: new Array<Node | null>(levels).fill(null),
  span: new Array<number>(levels).fill(0),
});

/**
 * An order-statistics skip list, as Redis keeps a sorted set: each link knows how many entries it
 * skips, so inserting, removing, a rank and the entry at a rank all take O(log n) expected steps.
 */
export class RankList {
  private head = node(null, MAX_LEVEL);
  private level = 1;
  size = 0;
  /**
   * The last node at each level and its rank, kept while the list has only grown at its end (a
   * board built from entries in the leaderboard's order); null once anything was inserted elsewhere
   * or removed.
   */
  private tail: { nodes: Node[]; ranks: number[] } | null = {
    nodes: new Array<Node>(MAX_LEVEL).fill(this.head),
    ranks: new Array<number>(MAX_LEVEL).fill(0),
  };

  private randomLevel() {
    let level = 1;
    while (level < MAX_LEVEL && Math.random() < BRANCHING) level++;
    return level;
  }

  /**
   * Adds an entry that comes after every entry held in O(1) expected steps, so a board built from
   * entries in the leaderboard's order takes O(n); any other entry is inserted as usual.
   */
  append(entry: RankEntry): Node {
    const tail = this.tail;
    const last = tail?.nodes[0]?.entry;
    if (!tail || (last && !before(last, entry))) return this.insert(entry);
    const level = this.randomLevel();
    const rank = this.size + 1;
    const created = node(entry, level);
    for (let i = 0; i < level; i++) {
      const prev = tail.nodes[i] as Node;
      prev.next[i] = created;
      prev.span[i] = rank - (tail.ranks[i] as number);
      tail.nodes[i] = created;
      tail.ranks[i] = rank;
    }
    // Links above the new node's height that end the list now skip one more entry to the end.
    for (let i = level; i < this.level; i++) {
      const prev = tail.nodes[i] as Node;
      prev.span[i] = (prev.span[i] as number) + 1;
    }
    if (level > this.level) this.level = level;
    this.size++;
    return created;
  }

  insert(entry: RankEntry): Node {
    this.tail = null;
    const update: Node[] = new Array(MAX_LEVEL);
    const rank: number[] = new Array(MAX_LEVEL).fill(0);
    let x = this.head;
    for (let i = this.level - 1; i >= 0; i--) {
      rank[i] = i === this.level - 1 ? 0 : (rank[i + 1] as number);
      for (let next = x.next[i]; next?.entry && before(next.entry, entry); next = x.next[i]) {
        rank[i] = (rank[i] as number) + (x.span[i] as number);
        x = next;
      }
      update[i] = x;
    }
    const level = this.randomLevel();
    if (level > this.level) {
      for (let i = this.level; i < level; i++) {
        rank[i] = 0;
        update[i] = this.head;
        this.head.span[i] = this.size;
      }
      this.level = level;
    }
    const created = node(entry, level);
    const base = rank[0] as number;
    for (let i = 0; i < level; i++) {
      const prev = update[i] as Node;
      created.next[i] = prev.next[i] ?? null;
      prev.next[i] = created;
      created.span[i] = (prev.span[i] as number) - (base - (rank[i] as number));
      prev.span[i] = base - (rank[i] as number) + 1;
    }
    for (let i = level; i < this.level; i++) {
      const prev = update[i] as Node;
      prev.span[i] = (prev.span[i] as number) + 1;
    }
    this.size++;
    return created;
  }

  remove(target: Node) {
    this.tail = null;
    const entry = target.entry as RankEntry;
    const update: Node[] = new Array(this.level);
    let x = this.head;
    for (let i = this.level - 1; i >= 0; i--) {
      for (
        let next = x.next[i];
        next?.entry && next !== target && before(next.entry, entry);
        next = x.next[i]
      ) {
        x = next;
      }
      update[i] = x;
    }
    if (update[0]?.next[0] !== target) throw new Error(`rank list lost ${entry.uid}`);
    for (let i = 0; i < this.level; i++) {
      const prev = update[i] as Node;
      if (prev.next[i] === target) {
        prev.span[i] = (prev.span[i] as number) + (target.span[i] as number) - 1;
        prev.next[i] = target.next[i] ?? null;
      } else {
        prev.span[i] = (prev.span[i] as number) - 1;
      }
    }
    while (this.level > 1 && this.head.next[this.level - 1] === null) this.level--;
    this.size--;
  }

  /** 1-based. */
  rankOf(target: Node): number {
    const entry = target.entry as RankEntry;
    let rank = 0;
    let x = this.head;
    for (let i = this.level - 1; i >= 0; i--) {
      for (
        let next = x.next[i];
        next?.entry && (next === target || before(next.entry, entry));
        next = x.next[i]
      ) {
        rank += x.span[i] as number;
        x = next;
      }
      if (x === target) return rank;
    }
    throw new Error(`rank list lost ${entry.uid}`);
  }

  /** Up to `limit` entries from the 0-based `offset`. */
  slice(offset: number, limit: number): RankEntry[] {
    if (offset >= this.size || limit <= 0) return [];
    const wanted = offset + 1;
    let traversed = 0;
    let x = this.head;
    for (let i = this.level - 1; i >= 0; i--) {
      for (let next = x.next[i]; next && traversed + (x.span[i] as number) <= wanted; next = x.next[i]) {
        traversed += x.span[i] as number;
        x = next;
      }
      if (traversed === wanted) break;
    }
    const rows: RankEntry[] = [];
    for (let at: Node | null = x; at?.entry && rows.length < limit; at = at.next[0] ?? null)
      rows.push(at.entry);
    return rows;
  }
}

/** One board: the list and each player's node in it. */
class Board {
  list = new RankList();
  nodes = new Map<string, Node>();

  /** Keeps the better one; true when the entry is now the stored one. */
  raise(entry: RankEntry) {
    const held = this.nodes.get(entry.uid);
    if (held && !(entry.pointsHundredths > (held.entry as RankEntry).pointsHundredths)) return;
    this.replace(entry.uid, entry);
  }

  /** A rebuild's entry: appended in O(1) when it comes after every entry held (loaded in order). */
  load(entry: RankEntry) {
    if (this.nodes.has(entry.uid)) this.raise(entry);
    else this.nodes.set(entry.uid, this.list.append({ ...entry }));
  }

  replace(uid: string, entry: RankEntry | null) {
    const held = this.nodes.get(uid);
    if (held) {
      this.list.remove(held);
      this.nodes.delete(uid);
    }
    if (entry) this.nodes.set(uid, this.list.insert({ ...entry }));
  }

  placed(uid: string): Placed | null {
    const held = this.nodes.get(uid);
    if (!held) return null;
    return { rank: this.list.rankOf(held), pointsHundredths: (held.entry as RankEntry).pointsHundredths };
  }
}

interface Slot {
  board: Board;
  /** entries_removed when it was built; null until a rebuild has filled it. */
  removed: number | null;
  building: Board | null;
  /**
   * Reports arriving while a rebuild loads: applied to the new board, in order, once it is loaded,
   * so the load only ever appends.
   */
  arrived: ((board: Board) => void)[];
}

/**
 * The embedded default: boards in this process's memory. It is right only while this process is the
 * only one writing scores (the embedded PGlite database, or one instance); several instances need
 * REDIS_URL (ADR 0029).
 */
export function createMemoryRankStore(): RankStore {
  const slots = new Map<string, Slot>();
  const slot = (board: string) => {
    let found = slots.get(board);
    if (!found) {
      found = { board: new Board(), removed: null, building: null, arrived: [] };
      slots.set(board, found);
    }
    return found;
  };
  const state = (found: Slot): BoardState => ({ removed: found.removed, size: found.board.list.size });

  return {
    kind: 'memory',
    async raise(board, entry) {
      const found = slot(board);
      found.board.raise(entry);
      if (found.building) found.arrived.push((board) => board.raise(entry));
      return { state: state(found), placed: found.board.placed(entry.uid) as Placed };
    },
    async raiseAll(board, entries, answer) {
      const found = slot(board);
      for (const entry of entries) {
        found.board.raise(entry);
        if (found.building) found.arrived.push((board) => board.raise(entry));
      }
      const placed = answer ? entries.map((entry) => found.board.placed(entry.uid) as Placed) : [];
      return { state: state(found), placed };
    },
    async replace(board, uid, entry) {
      const found = slot(board);
      found.board.replace(uid, entry);
      if (found.building) found.arrived.push((board) => board.replace(uid, entry));
    },
    async standing(board, uid) {
      const found = slot(board);
      return { state: state(found), placed: found.board.placed(uid) };
    },
    async page(board, offset, limit) {
      const found = slot(board);
      const rows = found.board.list
        .slice(offset, limit)
        .map(({ uid, pointsHundredths }) => ({ uid, pointsHundredths }));
      return { state: state(found), rows };
    },
    async rebuild(board, removed, load) {
      const found = slot(board);
      if (found.building) return 'busy';
      const building = new Board();
      found.building = building;
      try {
        await load(async (entries) => {
          for (const entry of entries) building.load(entry);
        });
        for (const apply of found.arrived) apply(building);
        found.board = building;
        found.removed = removed;
        return 'rebuilt';
      } finally {
        found.building = null;
        found.arrived = [];
      }
    },
    async close() {
      slots.clear();
    },
  };
}
