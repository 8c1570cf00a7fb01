// Real `ApiError`s, as the API module throws them, for the explainer's tests.
import { ApiError, type ApiErrorInit } from '../../../src/api/errors';

export function apiError(status: number, extra: Partial<ApiErrorInit> = {}): ApiError {
  return new ApiError({
    status,
    kind: status === 0 ? 'network' : 'http',
    message: 'Boom.',
    method: 'GET',
    path: '/agents/tasks',
    ...extra,
  });
}
