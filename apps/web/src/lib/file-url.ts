import { API_PREFIX, api } from '@kanal/contract';
import { pathOf } from './api-path';

/**
 * Where a stored file is read (an `<img src>`, a video, a download link): GET /api/files/{id}, which
 * takes the session cookie too. `tenant`: the console's SUPERADMIN working in another organisation.
 */
export const fileUrl = (id: string, query?: { tenant?: number }) =>
  `${API_PREFIX}${pathOf(api.getFile, { file: id }, query)}`;
