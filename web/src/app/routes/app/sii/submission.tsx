import { SubmissionDetail } from '@web/features/sii/components/submission-detail';
import { useParams } from 'react-router-dom';

/** /app/tax/sii/:submissionId */
export default function SiiSubmissionRoute() {
  const { submissionId = '' } = useParams();
  return <SubmissionDetail key={submissionId} submissionId={submissionId} />;
}
