import { Link } from 'react-router-dom';
import { usePageTitle } from '../../../components/ui/page-title';
import { paths } from '../../../config/paths';
import { captureDemo, DemoVideo, editorDemo } from '../components/demo-video';
import { PageIntro } from '../components/page-intro';

const demos = [
  {
    id: 'capture',
    title: 'Capture a whole page',
    text: 'One click on the toolbar button (or alt+shift+p): the extension scrolls the page, captures it, and opens the result for download as PNG, JPG or PDF.',
    video: captureDemo,
    link: { to: paths.faq.href('how-do-i-take-a-full-page-screenshot'), label: 'How capturing works' },
  },
  {
    id: 'editor',
    title: 'The Premium editor',
    text: 'Crop, blur private details, add text and highlights, and stamp the page address and date on the image.',
    video: editorDemo,
    link: { to: paths.demoEditorInline.href(), label: 'Open the editor demo with speed controls' },
  },
];

export function DemosPage() {
  usePageTitle('Demos');
  return (
    <>
      <PageIntro eyebrow="Demos" title="See Full Page Shot at work">
        <p>Short silent clips of the extension and the Premium editor.</p>
      </PageIntro>
      <div className="section section--flush">
        <div className="container container--narrow">
          <ul className="demo-list">
            {demos.map((d) => (
              <li key={d.id} id={d.id} className="demo-list__item">
                <h2 className="section__title section__title--left">{d.title}</h2>
                <p>{d.text}</p>
                <DemoVideo {...d.video} />
                <p>
                  <Link to={d.link.to}>{d.link.label}</Link>
                </p>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </>
  );
}

export { DemosPage as Component };
