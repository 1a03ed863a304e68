import { MarksPage } from './marks-page';

export default function FavouritesPage() {
  return <MarksPage list="favorites" />;
}
