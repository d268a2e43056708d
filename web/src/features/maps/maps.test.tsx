import type { AppConfig, GeocodeAnswer } from '@kork/shared';
import { useForm } from '@mantine/form';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  emptyTastingLocation,
  type TastingLocationValues,
} from '../../components/account-fields/account-values';
import { i18n } from '../../i18n/i18n';
import { api } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';
import { renderWithProviders } from '../../test/render';
import { useConfig } from '../config/api/get-config';
import { TastingLocationFields } from '../profile/components/tasting-location-fields';
import type { LeafletMapProps } from './leaflet-map';
import { PlaceMap } from './place-map';

// Leaflet draws nothing in a test DOM: a stand-in map reports its pin and lets a test click it or make
// its tiles fail, as the real one would.
vi.mock('./leaflet-map', () => ({
  default: ({ pin, onPick, onFail }: LeafletMapProps) => (
    <div data-testid="fake-map">
      <span data-testid="fake-pin">{pin ? `${pin.lat} ${pin.lng}` : 'none'}</span>
      <button type="button" onClick={() => onPick?.({ lat: 60.123456789, lng: 11.2 })}>
        click the map
      </button>
      <button type="button" onClick={onFail}>
        tiles fail
      </button>
    </div>
  ),
}));
vi.mock('../config/api/get-config', () => ({ useConfig: vi.fn() }));
// The one API client: `GET /geocode` answers what each test says.
vi.mock('../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api-client')>()),
  api: { get: vi.fn() },
}));

const searched = vi.fn<(query: string) => Promise<GeocodeAnswer>>();

const MAP: AppConfig['map'] = {
  tileUrl: '/_dev/tiles/{z}/{x}/{y}.png',
  attribution: 'Stand-in',
  maxZoom: 18,
};

function Fields() {
  const form = useForm<TastingLocationValues>({ initialValues: emptyTastingLocation() });
  return <TastingLocationFields field={form.getInputProps} required />;
}

const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;

describe('the pin picker', () => {
  beforeAll(() => {
    // The place's growing textarea listens for web fonts loading; the test DOM has no font set.
    if (!('fonts' in document)) {
      Object.defineProperty(document, 'fonts', {
        configurable: true,
        value: { addEventListener() {}, removeEventListener() {}, ready: Promise.resolve() },
      });
    }
  });

  beforeEach(async () => {
    queryClient.clear();
    searched.mockReset();
    vi.mocked(api.get).mockImplementation(async (path, options) => {
      if (path !== '/geocode') throw new Error(`unexpected ${path}`);
      return searched(String(options?.query?.q));
    });
    vi.mocked(useConfig).mockReturnValue({ map: MAP } as AppConfig);
    await i18n.changeLanguage('nb');
  });

  it('sets latitude and longitude where the map is clicked, and the pin follows typed numbers', async () => {
    renderWithProviders(<Fields />);
    expect(await screen.findByTestId('fake-pin')).toHaveProperty('textContent', 'none');
    fireEvent.click(screen.getByRole('button', { name: 'click the map' }));
    // Rounded to six decimals, written the Norwegian way.
    expect(field(/^Breddegrad/).value).toBe('60,123457');
    expect(field(/^Lengdegrad/).value).toBe('11,2');
    expect(screen.getByTestId('fake-pin').textContent).toBe('60.123457 11.2');

    fireEvent.change(field(/^Breddegrad/), { target: { value: '59,5' } });
    expect(field(/^Breddegrad/).value).toBe('59,5');
    expect(screen.getByTestId('fake-pin').textContent).toBe('59.5 11.2');
  });

  it('moves the pin to what a search finds and offers the other matches', async () => {
    const answer: GeocodeAnswer = {
      source: 'gazetteer',
      places: [
        { label: '0150 Oslo', lat: 59.9094, lng: 10.7467, approximate: true },
        { label: 'Oslo sentrum', lat: 59.9127, lng: 10.7461, approximate: true },
      ],
    };
    searched.mockResolvedValue(answer);
    renderWithProviders(<Fields />);
    fireEvent.change(screen.getByLabelText(/^Finn på kartet/), { target: { value: '0150' } });
    fireEvent.click(screen.getByRole('button', { name: 'Søk' }));

    expect(await screen.findByTestId('geocode-found')).toHaveProperty(
      'textContent',
      'Nålen er plassert ved 0150 Oslo: det er midten av området, så dra nålen til døren.',
    );
    expect(searched.mock.calls[0]?.[0]).toBe('0150');
    expect(field(/^Breddegrad/).value).toBe('59,9094');
    expect(field(/^Lengdegrad/).value).toBe('10,7467');
    expect(screen.getByTestId('fake-pin').textContent).toBe('59.9094 10.7467');

    fireEvent.click(screen.getByRole('button', { name: 'Oslo sentrum' }));
    expect(field(/^Breddegrad/).value).toBe('59,9127');
  });

  it('searches the address when the search box is empty, and says when nothing is found', async () => {
    searched.mockResolvedValue({ source: 'gazetteer', places: [] });
    renderWithProviders(<Fields />);
    fireEvent.change(field(/^Adresse/), { target: { value: 'Sjøgata 1, Atlantis' } });
    fireEvent.click(screen.getByRole('button', { name: 'Søk' }));
    expect(await screen.findByText(/Fant ingenting for «Sjøgata 1, Atlantis»/)).toBeTruthy();
    expect(field(/^Breddegrad/).value).toBe('');
  });

  it('says the map cannot be loaded when its tiles fail, and keeps the search and the coordinates', async () => {
    searched.mockResolvedValue({
      source: 'gazetteer',
      places: [{ label: '5003 Bergen', lat: 60.393, lng: 5.3242, approximate: true }],
    });
    renderWithProviders(<Fields />);
    fireEvent.click(await screen.findByRole('button', { name: 'tiles fail' }));
    expect(screen.getByText('Kartet kan ikke lastes inn')).toBeTruthy();
    expect(screen.getByText('Søk etter adressen eller skriv inn koordinatene nedenfor.')).toBeTruthy();
    expect(screen.queryByTestId('fake-map')).toBeNull();

    fireEvent.change(screen.getByLabelText(/^Finn på kartet/), { target: { value: '5003' } });
    fireEvent.click(screen.getByRole('button', { name: 'Søk' }));
    await waitFor(() => expect(field(/^Breddegrad/).value).toBe('60,393'));
  });

  it('says the map cannot be loaded when no tile address is configured', async () => {
    vi.mocked(useConfig).mockReturnValue({ map: null } as AppConfig);
    renderWithProviders(<Fields />);
    expect(await screen.findByText('Kartet kan ikke lastes inn')).toBeTruthy();
    expect(screen.queryByTestId('fake-map')).toBeNull();
    expect(field(/^Breddegrad/)).toBeTruthy();
  });
});

describe('a place’s map on its profile', () => {
  beforeEach(async () => {
    queryClient.clear();
    searched.mockReset();
    vi.mocked(api.get).mockImplementation(async (path, options) => {
      if (path !== '/geocode') throw new Error(`unexpected ${path}`);
      return searched(String(options?.query?.q));
    });
    vi.mocked(useConfig).mockReturnValue({ map: MAP } as AppConfig);
    await i18n.changeLanguage('en');
  });

  it('shows the pin and a directions link to it', async () => {
    renderWithProviders(<PlaceMap name="Vinbaren" address="Bryggen 1, Bergen" lat={60.3975} lng={5.324} />);
    expect((await screen.findByTestId('fake-pin')).textContent).toBe('60.3975 5.324');
    expect(screen.getByRole('region', { name: 'Map: Vinbaren' })).toBeTruthy();
    const link = screen.getByRole('link', { name: /^Directions to Vinbaren/ });
    expect(link.getAttribute('href')).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=60.3975%2C5.324',
    );
    expect(searched).not.toHaveBeenCalled();
  });

  it('gives the address as text under "Map cannot be loaded" when the tiles fail', async () => {
    renderWithProviders(<PlaceMap name="Vinbaren" address="Bryggen 1, Bergen" lat={60.3975} lng={5.324} />);
    fireEvent.click(await screen.findByRole('button', { name: 'tiles fail' }));
    const note = screen.getByTestId('map-unavailable');
    expect(note.textContent).toContain('Map cannot be loaded');
    expect(note.textContent).toContain('Bryggen 1, Bergen');
    expect(screen.getByRole('link', { name: /^Directions to Vinbaren/ })).toBeTruthy();
  });

  it('finds a place without coordinates by its address, and links one it cannot find by the address', async () => {
    searched.mockImplementation(async (query) => ({
      source: 'gazetteer',
      places: query.includes('Oslo')
        ? [{ label: 'Oslo', lat: 59.9139, lng: 10.7522, approximate: true }]
        : [],
    }));
    const { unmount } = renderWithProviders(<PlaceMap name="Tasting" address="Vinbaren · Oslo" />);
    expect((await screen.findByTestId('fake-pin')).textContent).toBe('59.9139 10.7522');
    // A town's middle is not the venue: the map says so.
    expect(screen.getByText('The pin marks the area of the address, not the door.')).toBeTruthy();
    unmount();

    renderWithProviders(<PlaceMap name="Tasting" address="Hytta på fjellet" />);
    const link = await screen.findByRole('link', { name: /^Directions to Tasting/ });
    expect(link.getAttribute('href')).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=Hytta%20p%C3%A5%20fjellet',
    );
    expect(screen.queryByTestId('fake-map')).toBeNull();
  });
});
