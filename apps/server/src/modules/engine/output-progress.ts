import { createOutputGrowth } from '@painel/media/restream';

/** The progress check of a child that publishes media: a line counts when ffmpeg's output grew. */
export function outputProgress(): (line: string) => boolean {
  const g = createOutputGrowth();
  return (line) => g.grew(line);
}
