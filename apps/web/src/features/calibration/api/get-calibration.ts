import type { CalibrationReport } from '@qbank/contract/confidence';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { paths } from '../../../lib/api-paths';

/** GET /api/question_answer_history/calibration/: right or wrong by confidence. */
export function getCalibration(module?: number): Promise<CalibrationReport> {
  return apiRequest<CalibrationReport>(paths.calibration, {
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
