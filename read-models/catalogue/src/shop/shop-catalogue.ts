import MiniSearch, { type SearchOptions } from 'minisearch';
import type { Location } from '@buyloop/catalogue';
import { SEARCH_MAX_WORDS } from '@buyloop/contracts/catalogue/shop';
import type { Language } from '@buyloop/i18n';
import type { Market } from '@buyloop/kit';
import type { CategoryDocumentNode, CategoryTreeDocument } from '../categories/category-tree-projection';
import type { MasterDocument } from '../products/masters-projection';
import type { ReferenceDocument } from '../products/reference-projection';
import { entryOf, type EntryContext, type ShopEntry } from './entries';
import { foldText, slugOf } from './fold-text';
import type { ShopProductDocument } from './shop-products-projection';

/** The read models the shop joins, as loaded documents. */
export interface ShopSnapshot {
  readonly products: ReadonlyMap<string, ShopProductDocument>;
  readonly masters: ReadonlyMap<string, MasterDocument>;
  readonly tree: CategoryTreeDocument | null;
  /** `<kind>:<id>` → entry (the reference projection's ids). */
  readonly references: ReadonlyMap<string, ReferenceDocument>;
  readonly locations: readonly Location[];
}

/** What changed since the last update, by kind; `all` when everything must be worked out again. */
export interface ShopChange {
  readonly products?: ReadonlyMap<string, ShopProductDocument | null>;
  readonly masters?: ReadonlyMap<string, MasterDocument | null>;
  readonly tree?: CategoryTreeDocument | null;
  readonly references?: ReadonlyMap<string, ReferenceDocument | null>;
  readonly locations?: readonly Location[];
}

interface SearchDocument {
  readonly id: string;
  readonly name: string;
  readonly short: string;
  readonly master: string;
  readonly manufacturer: string;
  readonly variant: string;
  /** The type device's and the categories' names: "hodinky" finds the watches whose names do not say so. */
  readonly kind: string;
}

interface CategorySearchDocument {
  readonly id: string;
  readonly name: string;
  readonly seo: string;
}

/**
 * How each word of a term is looked up. A prefix or typo lookup walks the
 * index and may match thousands of postings, so each is kept to the words
 * where it helps a person: typos forgiven from four letters on (about one edit
 * in a five-letter word, "galxy" → "galaxy"; two in a ten-letter one), a
 * prefix for the word still being typed (the last) and for words of three
 * letters or more ("sams gal" finds Samsung Galaxy). A short word before the
 * last must match a whole word ("s 24" is not every word starting with s).
 */
export const searchWordRules = {
  prefix: (word: string, index: number, words: readonly string[]): boolean => index === words.length - 1 || word.length >= 3,
  fuzzy: (word: string): number | false => (word.length >= 4 ? 0.2 : false),
};

/** Up to this many words, a term that matches nothing with all its words is asked again with any of them. */
const OR_RETRY_MAX_WORDS = 3;

/**
 * A word that this many of the listed products hold (at least this share of
 * them, and at least COMMON_MIN_PRODUCTS) narrows a search little and costs
 * the index a score per product per field it appears in: "pro 128 gb černá
 * samsung telefony" over 10,000 products scored some 40,000 postings. Such a
 * word is not asked of the index when the term has a rarer word; it is
 * required of what the rarer words found (as a whole word, or as the start of
 * one where the prefix rule allows). A term of common words alone asks the
 * index for its rarest. Small catalogues have no common words: every word is
 * asked, as before.
 */
export const COMMON_WORD_SHARE = 0.05;
export const COMMON_MIN_PRODUCTS = 200;

const SEARCH_FIELDS = ['name', 'short', 'master', 'manufacturer', 'variant', 'kind'] as const;

const tokenize = MiniSearch.getDefault('tokenize') as (text: string) => string[];

/**
 * The words a term is searched by: split as MiniSearch splits, folded, each
 * once, the first SEARCH_MAX_WORDS of them. The index's work grows with every
 * word, so a term repeating a word or listing dozens is no dearer than six
 * words a person would type.
 */
export function searchWordsOf(term: string): readonly string[] {
  const words = new Set<string>();
  for (const token of tokenize(term)) {
    const word = foldText(token);
    if (word === '') continue;
    words.add(word);
    if (words.size >= SEARCH_MAX_WORDS) break;
  }
  return [...words];
}

/** MiniSearch's options, one place: accents and case folded on both sides, prefix and typo tolerant. */
const searchOptions = {
  processTerm: (term: string) => foldText(term),
  searchOptions: {
    prefix: searchWordRules.prefix,
    fuzzy: searchWordRules.fuzzy,
    maxFuzzy: 2,
    combineWith: 'AND' as const,
  } satisfies SearchOptions,
};

export interface VisibleCategory {
  readonly node: CategoryDocumentNode;
  /** Root first, the category itself last. */
  readonly path: readonly CategoryDocumentNode[];
  readonly depth: number;
}

/**
 * The shop's catalogue in memory: every product of the market joined with
 * its master, manufacturer and stock locations (ShopEntry), the categories
 * the storefront shows, and MiniSearch indexes of both. Listings, facets and
 * search are answered from here, without a document read per request; the
 * part feeds it the documents the projector changes (shop-part.ts), and an
 * entry whose price or stock state changes by the clock alone (an offer's
 * end, a reservation's expiry) is worked out again when that moment has come.
 */
export class ShopCatalogue {
  private products = new Map<string, ShopProductDocument>();
  private masters = new Map<string, MasterDocument>();
  private tree: CategoryTreeDocument | null = null;
  private references = new Map<string, ReferenceDocument>();
  private locations: readonly Location[] = [];

  private readonly entries = new Map<string, ShopEntry>();
  private readonly seoOf = new Map<string, string>();
  private readonly codeBySeo = new Map<string, string>();
  private nextExpiry = Number.POSITIVE_INFINITY;
  private listedCache: readonly ShopEntry[] | null = null;

  private categories = new Map<string, VisibleCategory>();
  private categoryBySeo = new Map<string, string>();
  /** Master id → the visible categories it is in, with their ancestors. */
  private masterCategories = new Map<string, ReadonlySet<string>>();
  private countsCache: ReadonlyMap<string, number> | null = null;

  private index = new MiniSearch<SearchDocument>({ fields: [...SEARCH_FIELDS], ...searchOptions });
  /** Code → the folded words of its search document; word → how many indexed products hold it. */
  private readonly wordsOf = new Map<string, ReadonlySet<string>>();
  private readonly productsWith = new Map<string, number>();
  private categoryIndex = new MiniSearch<CategorySearchDocument>({ fields: ['name', 'seo'], ...searchOptions });

  constructor(
    private readonly market: Market,
    private readonly language: Language,
    private readonly clock: () => Date,
  ) {}

  // --- keeping up ---------------------------------------------------------------------------

  /** Replaces everything (the start, or a projection that was rebuilt). */
  load(snapshot: ShopSnapshot): void {
    this.products = new Map(snapshot.products);
    this.masters = new Map(snapshot.masters);
    this.tree = snapshot.tree;
    this.references = new Map(snapshot.references);
    this.locations = snapshot.locations;
    this.rebuildCategories();
    this.recompute([...this.products.keys()], true);
  }

  /** Takes in documents the projector changed; null is a deleted document. */
  apply(change: ShopChange): void {
    const codes = new Set<string>();
    let everything = false;
    for (const [code, document] of change.products ?? []) {
      const before = this.products.get(code);
      if (document) this.products.set(code, document);
      else this.products.delete(code);
      codes.add(code);
      // A product's colour orders its master's photos: its siblings' pictures may move.
      for (const master of [before?.product?.master_product_id, document?.product?.master_product_id])
        for (const sibling of (master && this.masters.get(master)?.variant_codes) || []) codes.add(sibling);
    }
    for (const [id, document] of change.masters ?? []) {
      for (const code of this.masters.get(id)?.variant_codes ?? []) codes.add(code);
      if (document) this.masters.set(id, document);
      else this.masters.delete(id);
      for (const code of document?.variant_codes ?? []) codes.add(code);
    }
    if (change.references && change.references.size > 0) {
      for (const [key, document] of change.references)
        if (document) this.references.set(key, document);
        else this.references.delete(key);
      everything = true;
    }
    if (change.locations) {
      this.locations = change.locations;
      everything = true;
    }
    if (change.tree !== undefined) {
      this.tree = change.tree;
      this.rebuildCategories();
      // The categories' names are searched with each product: indexed again (the entries themselves stay).
      if (!everything)
        for (const entry of this.entries.values())
          if (entry.listed && !codes.has(entry.code)) this.indexed(entry.code, this.searchDocumentOf(entry));
    }
    this.recompute(everything ? [...this.products.keys()] : [...codes], everything);
  }

  private context(): EntryContext {
    return {
      market: this.market,
      language: this.language,
      locations: this.locations,
      masters: this.masters,
      manufacturerName: (id) => this.references.get(`manufacturer:${id}`)?.name ?? id,
      coloursOf: (master) => {
        const colours: string[] = [];
        for (const code of master.variant_codes) {
          const colour = this.products.get(code)?.product?.colour;
          if (colour && !colours.includes(colour)) colours.push(colour);
        }
        return colours;
      },
    };
  }

  private recompute(codes: readonly string[], whole: boolean): void {
    const now = this.clock();
    const context = this.context();
    if (whole) {
      for (const code of [...this.entries.keys()]) if (!this.products.has(code)) this.drop(code);
      this.nextExpiry = Number.POSITIVE_INFINITY;
    }
    for (const code of codes) {
      const document = this.products.get(code);
      const entry = document ? entryOf(document, context, now) : null;
      if (!entry) {
        this.drop(code);
        continue;
      }
      this.put(entry);
    }
    this.listedCache = null;
    this.countsCache = null;
  }

  private drop(code: string): void {
    this.entries.delete(code);
    const seo = this.seoOf.get(code);
    if (seo !== undefined && this.codeBySeo.get(seo) === code) this.codeBySeo.delete(seo);
    this.seoOf.delete(code);
    this.indexed(code, null);
  }

  private put(entry: ShopEntry): void {
    const previous = this.seoOf.get(entry.code);
    if (previous !== undefined && this.codeBySeo.get(previous) === entry.code) this.codeBySeo.delete(previous);
    // Two variants that read alike (same capacity, colour and quality) keep apart by their codes.
    const taken = this.codeBySeo.get(entry.seoBase);
    const seo = taken === undefined || taken === entry.code ? entry.seoBase : `${entry.seoBase}-${slugOf(entry.code)}`;
    this.seoOf.set(entry.code, seo);
    this.codeBySeo.set(seo, entry.code);
    this.entries.set(entry.code, entry);
    this.nextExpiry = Math.min(this.nextExpiry, entry.validUntil);
    this.indexed(entry.code, entry.listed ? this.searchDocumentOf(entry) : null);
  }

  /** Puts a product's search document in the index (null takes it out), counting the products each word is in. */
  private indexed(code: string, document: SearchDocument | null): void {
    if (document) {
      if (this.index.has(code)) this.index.replace(document);
      else this.index.add(document);
    } else if (this.index.has(code)) this.index.discard(code);
    for (const word of this.wordsOf.get(code) ?? []) {
      const count = (this.productsWith.get(word) ?? 1) - 1;
      if (count > 0) this.productsWith.set(word, count);
      else this.productsWith.delete(word);
    }
    this.wordsOf.delete(code);
    if (!document) return;
    const words = new Set<string>();
    for (const field of SEARCH_FIELDS)
      for (const token of tokenize(document[field])) {
        const word = foldText(token);
        if (word !== '') words.add(word);
      }
    this.wordsOf.set(code, words);
    for (const word of words) this.productsWith.set(word, (this.productsWith.get(word) ?? 0) + 1);
  }

  /** The term's words most listed products hold (see COMMON_WORD_SHARE). */
  private commonWords(words: readonly string[]): ReadonlySet<string> {
    const threshold = Math.max(COMMON_MIN_PRODUCTS, COMMON_WORD_SHARE * this.wordsOf.size);
    return new Set(words.filter((word) => (this.productsWith.get(word) ?? 0) >= threshold));
  }

  /** Whether the product holds the word, or (where the prefix rule allows) a word starting with it. */
  private holds(code: string, word: string, prefix: boolean): boolean {
    const words = this.wordsOf.get(code);
    if (!words) return false;
    if (words.has(word)) return true;
    if (prefix) for (const held of words) if (held.startsWith(word)) return true;
    return false;
  }

  private searchDocumentOf(entry: ShopEntry): SearchDocument {
    const categories = [...this.categoriesOfMaster(entry.masterId)].map((id) => this.categories.get(id)?.node.name);
    return {
      id: entry.code,
      name: entry.longName,
      short: entry.shortName,
      master: entry.masterName,
      manufacturer: entry.manufacturerName,
      variant: [entry.colour, entry.capacity, entry.qualityName].filter(Boolean).join(' '),
      kind: [this.references.get(`type_device:${entry.typeDeviceId}`)?.name, ...categories].filter(Boolean).join(' '),
    };
  }

  /** Works out again the entries whose price or stock state the clock has changed since. */
  private catchUpWithClock(): void {
    const now = this.clock().getTime();
    if (now < this.nextExpiry) return;
    const due = [...this.entries.values()].filter((entry) => entry.validUntil <= now).map((entry) => entry.code);
    this.nextExpiry = Number.POSITIVE_INFINITY;
    for (const entry of this.entries.values())
      if (entry.validUntil > now) this.nextExpiry = Math.min(this.nextExpiry, entry.validUntil);
    this.recompute(due, false);
  }

  private rebuildCategories(): void {
    const categories = new Map<string, VisibleCategory>();
    const bySeo = new Map<string, string>();
    const masterCategories = new Map<string, Set<string>>();
    const tree = this.tree;
    if (tree) {
      const visit = (id: string, path: readonly CategoryDocumentNode[]) => {
        const node = tree.categories[id];
        // A category not for display is left out with everything below it.
        if (!node || !node.for_display) return;
        const here = [...path, node];
        categories.set(id, { node, path: here, depth: here.length });
        bySeo.set(node.seo_name, id);
        for (const master of node.product_ids) {
          const set = masterCategories.get(master) ?? new Set<string>();
          for (const step of here) set.add(step.id);
          masterCategories.set(master, set);
        }
        for (const child of node.child_ids) visit(child, here);
      };
      for (const root of tree.root_ids) visit(root, []);
    }
    this.categories = categories;
    this.categoryBySeo = bySeo;
    this.masterCategories = masterCategories;
    this.countsCache = null;
    this.categoryIndex = new MiniSearch<CategorySearchDocument>({ fields: ['name', 'seo'], ...searchOptions });
    this.categoryIndex.addAll(
      [...categories.values()].map(({ node }) => ({ id: node.id, name: node.name, seo: node.seo_name.replaceAll('-', ' ') })),
    );
  }

  // --- reading ------------------------------------------------------------------------------

  /** Products the shop lists (on sale, of a listed kind), in no particular order. */
  listed(): readonly ShopEntry[] {
    this.catchUpWithClock();
    this.listedCache ??= [...this.entries.values()].filter((entry) => entry.listed);
    return this.listedCache;
  }

  entry(code: string): ShopEntry | undefined {
    this.catchUpWithClock();
    return this.entries.get(code);
  }

  seoNameOf(code: string): string {
    return this.seoOf.get(code) ?? slugOf(code);
  }

  /** A product by its seo_name, or by its code. */
  entryBySeoName(seoName: string): ShopEntry | undefined {
    const code = this.codeBySeo.get(seoName) ?? seoName.toUpperCase();
    return this.entry(code);
  }

  document(code: string): ShopProductDocument | undefined {
    return this.products.get(code);
  }

  master(id: string): MasterDocument | undefined {
    return this.masters.get(id);
  }

  variantsOf(masterId: string): readonly ShopEntry[] {
    const master = this.masters.get(masterId);
    return (master?.variant_codes ?? [])
      .map((code) => this.entry(code))
      .filter((entry): entry is ShopEntry => entry?.onSale === true);
  }

  coloursOf(master: MasterDocument): readonly string[] {
    return this.context().coloursOf(master);
  }

  storeLocations(): readonly Location[] {
    return this.locations.filter((location) => location.kind === 'store');
  }

  /** A visible category by seo_name or id. */
  category(key: string): VisibleCategory | undefined {
    const id = this.categoryBySeo.get(key) ?? key;
    return this.categories.get(id);
  }

  visibleCategories(): ReadonlyMap<string, VisibleCategory> {
    return this.categories;
  }

  rootCategoryIds(): readonly string[] {
    return (this.tree?.root_ids ?? []).filter((id) => this.categories.has(id));
  }

  categoriesOfMaster(masterId: string): ReadonlySet<string> {
    return this.masterCategories.get(masterId) ?? new Set();
  }

  /** The deepest visible category a master is in (ties: the first in display order): its breadcrumbs. */
  primaryCategory(masterId: string): VisibleCategory | undefined {
    let best: VisibleCategory | undefined;
    for (const id of this.categoriesOfMaster(masterId)) {
      const category = this.categories.get(id);
      if (category && (!best || category.depth > best.depth)) best = category;
    }
    return best;
  }

  /** Listed products per visible category, its subcategories' included. */
  productCounts(): ReadonlyMap<string, number> {
    if (this.countsCache) return this.countsCache;
    const counts = new Map<string, number>();
    for (const entry of this.listed())
      for (const id of this.categoriesOfMaster(entry.masterId)) counts.set(id, (counts.get(id) ?? 0) + 1);
    this.countsCache = counts;
    return counts;
  }

  /** Codes of listed products that match the words, best first. */
  searchProducts(term: string): readonly string[] {
    this.catchUpWithClock();
    const words = searchWordsOf(term);
    if (words.length === 0) return [];
    const query = words.join(' ');
    // A device outranks the accessories named after it ("galaxy s25" is the phone before its case).
    const boostDocument = (id: unknown) => (this.entries.get(String(id))?.kind === 'device' ? 3 : 1);
    // A word of the name weighs more than one of the categories it is in.
    const boost = { short: 2, name: 1.5, kind: 0.5 };
    const common = this.commonWords(words);
    let hits: ReturnType<typeof this.index.search>;
    if (common.size === 0) hits = this.index.search(query, { boostDocument, boost });
    else {
      const count = (word: string) => this.productsWith.get(word) ?? 0;
      const rarest = words.reduce((best, word) => (count(word) < count(best) ? word : best));
      const asked = common.size < words.length ? words.filter((word) => !common.has(word)) : [rarest];
      const required = words.filter((word) => !asked.includes(word));
      // Each word keeps the rules of its place in the term (the last one typed is a prefix); a common word asked
      // is one the catalogue spells that way, so it is not taken for a typo of another.
      const prefix = (word: string) => searchWordRules.prefix(word, words.indexOf(word), words);
      const fuzzy = (word: string) => (common.has(word) ? false : searchWordRules.fuzzy(word));
      hits = this.index
        .search(asked.join(' '), { boostDocument, boost, prefix, fuzzy })
        .filter((hit) => required.every((word) => this.holds(String(hit.id), word, prefix(word))));
    }
    // Every word must match; when none does all together, what matches most words is better than nothing.
    // Not for a long term: asking again doubles the work, and many words that match nothing together are no search.
    // A common word would fill the retry with thousands of products that share only it: the rarer words are asked.
    if (hits.length === 0 && words.length <= OR_RETRY_MAX_WORDS) {
      const rarer = words.filter((word) => !common.has(word));
      hits = this.index.search(rarer.length > 0 ? rarer.join(' ') : query, { combineWith: 'OR', boostDocument, boost });
    }
    return hits.map((hit) => String(hit.id));
  }

  searchCategories(term: string): readonly string[] {
    const words = searchWordsOf(term);
    if (words.length === 0) return [];
    return this.categoryIndex.search(words.join(' ')).map((hit) => String(hit.id));
  }
}
