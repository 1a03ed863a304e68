import createClient from 'openapi-fetch';
// Generated from `/api/schema/` by openapi-typescript when the test runs; never committed.
import type { components, paths } from './schema';

type Module = components['schemas']['Module'];
type Course = components['schemas']['Course'];
type Question = components['schemas']['Question'];
type SessionQuestion = components['schemas']['SessionQuestion'];

/** What the journey saw, for the test to check against the database. */
export interface JourneyResult {
  module: Module;
  course: Course;
  question: Question;
  answer: SessionQuestion;
  answered: number;
  favorites: number;
}

function must<T>(data: T | undefined, error: unknown, step: string): T {
  if (data === undefined) throw new Error(`${step}: ${JSON.stringify(error)}`);
  return data;
}

/**
 * A learner's first session, written the way a team would write it against a client generated
 * from our document: every path, parameter, body and response is typed by the document alone.
 */
export async function learnerJourney(
  baseUrl: string,
  email: string,
  password: string,
): Promise<JourneyResult> {
  const client = createClient<paths>({ baseUrl });
  const login = await client.POST('/api/auth/login/', { body: { email, password } });
  const { key } = must(login.data, login.error, 'sign in');
  client.use({
    onRequest: ({ request }) => {
      request.headers.set('Authorization', `Token ${key}`);
      return request;
    },
  });

  const modules = await client.GET('/api/moduls/');
  const module = must(modules.data, modules.error, 'modules')[0]!;
  const courses = await client.GET('/api/courss/', { params: { query: { module: module.id } } });
  const course = must(courses.data, courses.error, 'courses')[0]!;
  const page = await client.GET('/api/questns/', {
    params: { query: { course: course.id, page_size: 10 } },
  });
  const question = must(page.data, page.error, 'questions').results[0]!;

  const started = await client.POST('/api/sessions/', { body: { course_id: course.id } });
  const session = must(started.data, started.error, 'start a session');
  const firstChoice = question.choices[0]!;
  const answered = await client.POST('/api/session_questions/', {
    body: { session: session.id, question: question.id, choices: [firstChoice.id] },
  });
  const answer = must(answered.data, answered.error, 'answer');

  const favorite = await client.POST('/api/favorites/', { body: { module: module.id } });
  must(favorite.data, favorite.error, 'favourite the module');
  const favorites = await client.GET('/api/favorites/');
  const history = await client.GET('/api/question_answer_history/', {
    params: { query: { question: question.id } },
  });
  return {
    module,
    course,
    question,
    answer,
    answered: must(history.data, history.error, 'history').count,
    favorites: must(favorites.data, favorites.error, 'favourites').length,
  };
}
