// The entry of dist/installations.js: the installations model and the Installations view's drawing. Required when the
// view first draws (it starts collapsed) or an installations command first needs the model; until then
// installationsOnDemand.ts stands in. Objects with state are handed in; what is built here is held by the extension's
// bundle, once.
import { InstallationsModel, type InstallationsModelDeps } from './model';
import type { ServiceChoice } from '../service/serviceChoice';
import { InstallationsView } from './installationsView';

export interface InstallationsParts {
  model: InstallationsModel;
  view: InstallationsView;
}

export function createInstallations(deps: InstallationsModelDeps, service: ServiceChoice): InstallationsParts {
  const model = new InstallationsModel(deps);
  return { model, view: new InstallationsView(model, service) };
}
