import type { CalibrationReport } from '@qbank/contract/confidence';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/question_answer_history/calibration/: right or wrong by confidence. */
export function getCalibration(module?: number): Promise<CalibrationReport> {
  return apiRequest<CalibrationReport>('question_answer_history/calibration/', {
    query: { module },
  });
}

export const calibrationQueryOptions = (module?: number) =>
  queryOptions({
    queryKey: ['calibration', 'levels', module ?? null],
    queryFn: () => getCalibration(module),
  });

export function useCalibration(module?: number) {
  return useQuery(calibrationQueryOptions(module));
}
