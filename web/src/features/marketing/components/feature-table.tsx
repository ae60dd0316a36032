import { features } from '../content/features';

const Mark = ({ on }: { on: boolean }) =>
  on ? (
    <>
      <span className="mark mark--yes" aria-hidden="true">✓</span>
      <span className="sr-only">Included</span>
    </>
  ) : (
    <>
      <span className="mark mark--no" aria-hidden="true">–</span>
      <span className="sr-only">Not included</span>
    </>
  );

/** Basic vs Premium, one row per feature. */
export function FeatureTable() {
  return (
    <div className="table-wrap">
      <table className="feature-table">
        <caption>Basic vs Premium</caption>
        <thead>
          <tr>
            <th scope="col">Feature</th>
            <th scope="col">Basic</th>
            <th scope="col">Premium</th>
          </tr>
        </thead>
        <tbody>
          {features.map((f) => (
            <tr key={f.name}>
              <th scope="row">{f.name}</th>
              <td>
                <Mark on={f.basic} />
              </td>
              <td>
                <Mark on={f.premium} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
