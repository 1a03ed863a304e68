import { MarksPage } from './marks-page';

export default function HiddenPage() {
  return <MarksPage list="hides" />;
}
