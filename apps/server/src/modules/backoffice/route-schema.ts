import { detailErrorSchema, fieldErrorsSchema, queryId } from '@qbank/contract';
import { z } from 'zod';

/** What every back-office route declares: staff tag, token, the DRF error shapes, an id path. */
export const errors = {
  400: fieldErrorsSchema,
  401: detailErrorSchema,
  403: detailErrorSchema,
  404: detailErrorSchema,
};
export const params = z.object({ id: queryId });
export const common = { tags: ['staff'], security: [{ token: [] }] };
