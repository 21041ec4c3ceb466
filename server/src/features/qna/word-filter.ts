import {
  DataSet,
  englishDataset,
  englishRecommendedTransformers,
  parseRawPattern,
  RegExpMatcher,
  type Matcher,
} from 'obscenity';

/**
 * Letters written apart to slip past a filter ("f u c k", "g.o.s.s.i.p"): three or more single
 * letters or digits with only spaces or marks between them. The library already sees through
 * l33t, repeated letters and marks inside a word.
 */
const SPACED_OUT = /\b(?:[\p{L}\d][\s._*-]+){2,}[\p{L}\d]\b/gu;
const SEPARATORS = /[\s._*-]+/g;
/** The pattern syntax's own characters, taken literally in a church's words. */
const PATTERN_SYNTAX = /[[\]?|\\]/g;
/** Sessions rarely differ in their words; a few dozen matchers cover any site. */
const CACHED_MATCHERS = 50;

/** The `obscenity` library's English list with its disguise handling, plus each session's own words. */
export class WordFilter {
  private readonly matchers = new Map<string, Matcher>();

  /** Whether any of the texts holds a listed word, plainly or disguised. */
  catches(texts: string[], ownWords: string[]): boolean {
    const matcher = this.matcherFor(ownWords);
    return texts.some((text) => matcher.hasMatch(text) || matcher.hasMatch(joinSpacedOut(text)));
  }

  private matcherFor(ownWords: string[]): Matcher {
    const key = JSON.stringify(ownWords);
    let matcher = this.matchers.get(key);
    if (!matcher) {
      if (this.matchers.size >= CACHED_MATCHERS) this.matchers.clear();
      const words = new DataSet<{ originalWord: string }>().addAll(englishDataset);
      for (const word of ownWords) {
        // A leading boundary only: a church's word also catches its plurals and endings.
        const pattern = parseRawPattern(`|${word.replace(PATTERN_SYNTAX, '\\$&')}`);
        words.addPhrase((phrase) => phrase.setMetadata({ originalWord: word }).addPattern(pattern));
      }
      matcher = new RegExpMatcher({ ...words.build(), ...englishRecommendedTransformers });
      this.matchers.set(key, matcher);
    }
    return matcher;
  }
}

function joinSpacedOut(text: string): string {
  return text.replace(SPACED_OUT, (run) => run.replace(SEPARATORS, ''));
}
