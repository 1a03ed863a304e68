import type { Forecast } from '@qbank/contract/review';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { paths } from '../../../lib/api-paths';

/** GET /api/review/forecast/: reviews falling due on each of the next 30 days. */
export const forecastQueryOptions = queryOptions({
  queryKey: ['review', 'forecast'],
  queryFn: () => apiRequest<Forecast>(paths.reviewForecast),
});

export const useForecast = () => useQuery(forecastQueryOptions);
