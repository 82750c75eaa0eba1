import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Header } from '../../../components/ui/header';

/** A static legal page: the shared header, whose back goes to the landing route, over the text. */
export function LegalPage({ title, children }: { title: string; children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <>
      <Header title={title} back={() => navigate('/')} />
      <main className="mx-auto max-w-md px-5 py-6 leading-relaxed">{children}</main>
    </>
  );
}
