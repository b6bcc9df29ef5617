import { ComingSoonPanel } from '../../components/coming-soon-panel';

export default function FaqScreen() {
  return (
    <ComingSoonPanel
      title="FAQ Management"
      summary="Write, order and publish the frequently asked questions."
    />
  );
}
