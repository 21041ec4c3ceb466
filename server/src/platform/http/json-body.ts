import express, { type Request, type Response } from 'express';
import { AppError } from '../errors.js';

/** Levels of lists and objects inside one another: no form sends more than three or four. */
export const MOST_NESTED_LEVELS = 32;
export const TOO_DEEP = `The request is nested too deeply: send no more than ${MOST_NESTED_LEVELS} levels of lists and objects.`;

/** Largest JSON body by default: a visitor's form is a few KB; staff edit longer texts. */
const BODY_LIMITS = { public: '100kb', staff: '1mb' } as const;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_LIST = 0x5b;
const CLOSE_LIST = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

/**
 * Whether JSON text opens more than `most` lists and objects inside one another, in one pass over its bytes
 * and before any parse: a deeply nested body costs whatever walks it next (validation, the NUL check) time
 * and stack in proportion to its depth, so it is refused while that is still nothing. Brackets inside
 * strings do not count. Malformed text is left for the parser to refuse.
 */
export function nestedDeeperThan(json: Uint8Array, most: number): boolean {
  let depth = 0;
  let inString = false;
  for (let at = 0; at < json.length; at++) {
    const byte = json[at]!;
    if (inString) {
      if (byte === BACKSLASH) at++;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) inString = true;
    else if (byte === OPEN_LIST || byte === OPEN_OBJECT) {
      if (++depth > most) return true;
    } else if (byte === CLOSE_LIST || byte === CLOSE_OBJECT) depth--;
  }
  return false;
}

/** A refusal from the check of the raw bytes; body-parser writes its own fields onto it, so it carries the answer. */
class BodyRefused extends Error {
  constructor(readonly refusal: AppError) {
    super(refusal.message);
  }
}

/**
 * Runs on the raw bytes before they are parsed. Only UTF-8 is read (RFC 8259 asks for nothing else between
 * systems), which is also what lets the depth check count bytes: in UTF-8 no byte of another character can
 * look like a bracket or a quote.
 */
function refuseDeepOrForeign(_req: unknown, _res: unknown, body: Buffer, encoding: string): void {
  if (encoding !== 'utf-8') throw new BodyRefused(new AppError(415, { detail: 'Send JSON in UTF-8.' }));
  if (nestedDeeperThan(body, MOST_NESTED_LEVELS)) {
    throw new BodyRefused(AppError.invalid({ non_field_errors: [TOO_DEEP] }));
  }
}

/**
 * Reads an endpoint's JSON body, once its sender has passed the endpoint's session and rate-limit checks: a
 * visitor over their limit costs no parse. A body that is not JSON is left unread; a refusal is the check's
 * above or body-parser's own 4xx.
 */
export function jsonBodyReader(
  access: keyof typeof BODY_LIMITS,
  limit: string = BODY_LIMITS[access],
): (req: Request, res: Response) => Promise<void> {
  const parse = express.json({ limit, verify: refuseDeepOrForeign });
  return (req, res) =>
    new Promise((resolve, reject) =>
      parse(req, res, (error?: unknown) => {
        if (error) reject(error instanceof BodyRefused ? error.refusal : error);
        else resolve();
      }),
    );
}
