import { expect, type APIRequestContext } from '@playwright/test';
import type { Paginated } from '@qbank/contract/common';
import type { Course, Module } from '@qbank/contract/catalogue';
import type { Question } from '@qbank/contract/questions';
import type { TestUser } from './support/fixtures';

/** API calls as one user, each checked for the status it must answer. */
export function apiAs(request: APIRequestContext, user: Pick<TestUser, 'key'>) {
  const headers = { Authorization: `Token ${user.key}` };
  async function call<T>(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, data?: unknown) {
    const response = await request.fetch(`/api/${url}`, { method, headers, data });
    expect(response.status(), `${method} ${url}: ${await response.text()}`).toBeLessThan(300);
    const text = await response.text();
    return (text ? JSON.parse(text) : null) as T;
  }
  return {
    get: <T>(url: string) => call<T>('GET', url),
    post: <T>(url: string, data: unknown) => call<T>('POST', url, data),
    patch: <T>(url: string, data: unknown) => call<T>('PATCH', url, data),
    delete: (url: string) => call<null>('DELETE', url),
  };
}
export type Api = ReturnType<typeof apiAs>;

/** The first module of the demo bank with a course whose free preview holds `n` questions. */
export async function freeQuestions(api: Api, n: number) {
  const modules = await api.get<Module[]>('moduls/');
  for (const module of modules) {
    const courses = await api.get<Course[]>(`courss/?module=${module.id}`);
    for (const course of courses) {
      const page = await api.get<Paginated<Question>>(`questns/?course=${course.id}&page_size=20`);
      const open = page.results.filter((q) => !q.is_locked);
      if (open.length >= n) return { module, course, questions: open.slice(0, n) };
    }
  }
  throw new Error(`no course with ${n} free questions`);
}

/** A playlist named `name` holding `questions`, in that order. */
export async function buildPlaylist(api: Api, name: string, questions: Question[]) {
  const playlist = await api.post<{ id: number }>('playlist/', { name });
  for (const q of questions)
    await api.post('playlistitems/', { playlist: playlist.id, question: q.id });
  return playlist;
}

/**
 * A fixed-offset zone where it is early afternoon now: a card missed a minute ago is due today
 * there at whatever hour the run starts (a few minutes before midnight UTC, it falls due
 * tomorrow in UTC).
 */
export function zoneWhereItIsAfternoon(): string {
  const hoursAhead = 13 - new Date().getUTCHours(); // from -10 to +13
  if (hoursAhead === 0) return 'Etc/GMT';
  // Etc/GMT zones name their offset with the opposite sign: Etc/GMT-3 is three hours ahead.
  return `Etc/GMT${hoursAhead > 0 ? '-' : '+'}${Math.abs(hoursAhead)}`;
}
