import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../../i18n/i18n';
import { AboutView } from './AboutPage';
import { ABOUT_CONTENT } from './content';

const nothing = {
  ...ABOUT_CONTENT,
  contact: {
    partnerName: { fr: '', ar: '' },
    email: '',
    phone: '',
    whatsapp: '',
    website: '',
    address: { fr: '', ar: '' },
    supportEmail: '',
  },
};

describe('À Propos', () => {
  it('shows no contact block when nothing is configured', () => {
    render(<AboutView content={nothing} />);
    expect(screen.getByRole('heading', { name: 'Notre partenaire' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Contact' })).toBeNull();
    expect(screen.queryAllByRole('link')).toHaveLength(0);
  });

  it('shows each configured contact line as a link that works', () => {
    render(
      <AboutView
        content={{
          ...nothing,
          contact: {
            ...nothing.contact,
            partnerName: { fr: 'Groupe Atlas', ar: 'مجموعة أطلس' },
            phone: '+212 522 00 00 00',
            whatsapp: '+212 661 00 00 00',
            email: 'contact@atlas.ma',
            address: { fr: 'Casablanca', ar: 'الدار البيضاء' },
          },
        }}
      />,
    );
    expect(screen.getByText('Groupe Atlas')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Contact' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '+212 522 00 00 00' }).getAttribute('href')).toBe(
      'tel:+212522000000',
    );
    expect(screen.getByRole('link', { name: '+212 661 00 00 00' }).getAttribute('href')).toBe(
      'https://wa.me/212661000000',
    );
    expect(screen.getByRole('link', { name: 'contact@atlas.ma' }).getAttribute('href')).toBe(
      'mailto:contact@atlas.ma',
    );
    expect(screen.getByText('Casablanca')).toBeTruthy();
  });
});
