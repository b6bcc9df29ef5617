import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';

export declare const compileMessage: (message: string) => string | MessageFormatElement[];
export declare const compileCatalogue: (
  source: Record<string, string>,
) => Record<string, string | MessageFormatElement[]>;
export declare const compiledText: (source: Record<string, string>) => string;
export declare const PARTS: readonly string[];
export declare const partOf: (id: string) => string | undefined;
export declare const compiledFiles: (
  locale: string,
  source: Record<string, string>,
) => Record<string, string>;
