// A vocabulary tree over binary descriptors (k-majority clustering): turns a photo into a bag of visual words.
import { DESCRIPTOR_WORDS, hammingDistance } from './hamming.js';
import { seededRandom } from './random.js';

export const VOCABULARY_BRANCHING = 8;
export const VOCABULARY_DEPTH = 4;

/** Serialisable tree: node centres stored level by level, `branching` children per node. */
export type Vocabulary = { branching: number; depth: number; centres: Uint32Array; wordCount: number };

/** Bitwise majority of the members: the binary equivalent of a mean. */
function majority(descriptors: Uint32Array, members: number[], out: Uint32Array, at: number): void {
  for (let w = 0; w < DESCRIPTOR_WORDS; w++) {
    let word = 0;
    for (let bit = 0; bit < 32; bit++) {
      let ones = 0;
      for (const m of members) ones += (descriptors[m * DESCRIPTOR_WORDS + w]! >>> bit) & 1;
      if (ones * 2 > members.length) word |= 1 << bit;
    }
    out[at * DESCRIPTOR_WORDS + w] = word >>> 0;
  }
}

function nearestCentre(
  centres: Uint32Array,
  first: number,
  count: number,
  d: Uint32Array,
  i: number,
): number {
  let best = 0;
  let bestDistance = 1e9;
  for (let c = 0; c < count; c++) {
    const distance = hammingDistance(centres, first + c, d, i);
    if (distance < bestDistance) {
      bestDistance = distance;
      best = c;
    }
  }
  return best;
}

/** Trains a tree on a sample of descriptors (rows of DESCRIPTOR_WORDS words). */
export function trainVocabulary(
  descriptors: Uint32Array,
  options: { branching?: number; depth?: number; iterations?: number; seed?: number } = {},
): Vocabulary {
  const branching = options.branching ?? VOCABULARY_BRANCHING;
  const depth = options.depth ?? VOCABULARY_DEPTH;
  const iterations = options.iterations ?? 4;
  const random = seededRandom(options.seed ?? 1);
  let nodes = 0;
  for (let level = 1, width = branching; level <= depth; level++, width *= branching) nodes += width;
  const centres = new Uint32Array(nodes * DESCRIPTOR_WORDS);
  const count = descriptors.length / DESCRIPTOR_WORDS;
  // Members of each node of the current level, breadth first.
  let groups: number[][] = [Array.from({ length: count }, (_, i) => i)];
  let levelStart = 0;
  for (let level = 0; level < depth; level++) {
    const nextGroups: number[][] = [];
    groups.forEach((members, g) => {
      const first = levelStart + g * branching;
      for (let c = 0; c < branching; c++) {
        const pick = members.length ? members[Math.floor(random() * members.length)]! : 0;
        if (members.length)
          centres.set(
            descriptors.subarray(pick * DESCRIPTOR_WORDS, (pick + 1) * DESCRIPTOR_WORDS),
            (first + c) * DESCRIPTOR_WORDS,
          );
      }
      let assigned: number[][] = [];
      for (let it = 0; it < iterations; it++) {
        assigned = Array.from({ length: branching }, () => []);
        for (const m of members) assigned[nearestCentre(centres, first, branching, descriptors, m)]!.push(m);
        if (it < iterations - 1)
          assigned.forEach(
            (cluster, c) => cluster.length && majority(descriptors, cluster, centres, first + c),
          );
      }
      nextGroups.push(...assigned);
    });
    groups = nextGroups;
    levelStart += groups.length;
  }
  return { branching, depth, centres, wordCount: branching ** depth };
}

/** Leaf (visual word) of each descriptor. */
export function quantise(vocabulary: Vocabulary, descriptors: Uint32Array): Uint32Array {
  const { branching, depth, centres } = vocabulary;
  const count = descriptors.length / DESCRIPTOR_WORDS;
  const words = new Uint32Array(count);
  for (let i = 0; i < count; i++) {
    let node = 0;
    let levelStart = 0;
    let levelWidth = branching;
    for (let level = 0; level < depth; level++) {
      const first = levelStart + node * branching;
      node = node * branching + nearestCentre(centres, first, branching, descriptors, i);
      levelStart += levelWidth;
      levelWidth *= branching;
    }
    words[i] = node;
  }
  return words;
}
