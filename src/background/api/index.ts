/** The API client module: the only code of the extension that calls fetch (docs/architecture.md, "Import rules"). */
export { createApiClient, type ApiClient, type ApiConfig } from './client';
export { validateBaseUrl, isLoopbackHost } from './base-url';
export { type ApiError, type ApiErrorCode, type ApiResult } from './errors';
export {
  isTerminal,
  type ApiKeyRecord,
  type BatchOutcome,
  type CreatedApiKey,
  type Credits,
  type Page,
  type ScanJob,
  type ScanResult,
} from './schemas';
export { type StreamEvent, type StreamEndReason } from './events';
export { NO_HINTS, type PollHints } from './hints';
export { bareId, type IdForm } from './job-id';
export { serviceWire } from './wire';
