/**
 * The image rules, one pure module shared by the bookmarklet, the SDK's "pick any image" button
 * and the server-side finder: what counts as pinnable, and in which order to offer it.
 */
export interface Candidate {
    url: string;
    width: number;
    height: number;
    /** Marked by the publisher (data-pin-media, pin:media, og:image…). */
    marked?: boolean;
}
/** saving.md section 5: tile images must exceed 119 by 119 pixels. */
export declare const MIN_SIDE = 119;
/** Wider than 3:1 is a banner, not a pin. */
export declare const MAX_ASPECT = 3;
export declare function isPinnableUrl(url: string): boolean;
export declare function isPinnable(c: Candidate): boolean;
/** Pinnable candidates, publisher-marked first, then larger first. */
export declare function rank<T extends Candidate>(candidates: T[]): T[];
