// The changes feature where git cannot run (the browser, src/env), in place of changesOnDemand.ts, which is not part
// of the browser's build: every task's changes are one view saying where to see them (the pull request, the task's
// page on the web); nothing is read, watched or reviewed, and what would act on changes says why, in words.
import type { ChangedFile, ChangesView } from '../model/changesView';
import { noGitView } from '../model/changesView';
import type { ReviewSummary } from '../model/reviewSummary';
import type { ChangesOnDemand } from './changesOnDemand';

type Surface = Omit<ChangesOnDemand, 'dispose' | 'register'>;

export class GitlessChanges implements Pick<Surface, keyof Surface> {
  private readonly view = noGitView();
  /** Takes what ChangesOnDemand takes, so that the extension builds either by the host's word (src/env). */
  constructor(..._deps: ConstructorParameters<typeof ChangesOnDemand>) {}
  readonly onDidChange = () => ({ dispose: () => undefined });

  private refused(): Promise<never> {
    const why = this.view.why;
    return Promise.reject(new Error(`${why.charAt(0).toUpperCase()}${why.slice(1)}.`));
  }

  storage(): string {
    return '';
  }

  known(): ChangesView {
    return this.view;
  }

  review(): ReviewSummary | undefined {
    return undefined;
  }

  setViewed(_taskId: string, _file: ChangedFile, _on: boolean): Promise<void> {
    return this.refused();
  }

  watch(): void {}

  async refreshWatched(): Promise<void> {}

  async load(): Promise<void> {}

  readonly feedback = { compose: () => this.refused(), markSent: () => this.refused() };

  commandDeps(): never {
    throw new Error('no changes feature where git cannot run');
  }

  ready(): Promise<never> {
    return this.refused();
  }

  dispose(): void {}
}
