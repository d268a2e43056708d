import { LocationClient, SearchPlaceIndexForTextCommand } from '@aws-sdk/client-location';
import { mockClient } from 'aws-sdk-client-mock';
import { describe, expect, it } from 'vitest';
import { amazonLocationGeocoder } from './geocoder';

describe('Amazon Location geocoder', () => {
  it('searches Norway on the place index and reads points as latitude and longitude', async () => {
    const location = mockClient(LocationClient);
    location.on(SearchPlaceIndexForTextCommand).resolves({
      Summary: undefined,
      Results: [
        {
          Place: {
            Label: 'Torggata 5, 0181 Oslo, Norway',
            Geometry: { Point: [10.7522, 59.9157] },
            AddressNumber: '5',
          },
          Relevance: 1,
        },
        {
          Place: {
            Label: '0150 Oslo, Norway',
            Geometry: { Point: [10.746, 59.909] },
            Categories: ['PostalCode'],
          },
        },
        { Place: { Label: 'No point', Geometry: {} } },
      ],
    } as never);
    const geocoder = amazonLocationGeocoder({ client: new LocationClient({}), indexName: 'kork-places' });
    const places = await geocoder.search({ text: 'Torggata 5 Oslo', locale: 'nb', limit: 9 });
    expect(places).toEqual([
      { label: 'Torggata 5, 0181 Oslo, Norway', lat: 59.9157, lng: 10.7522, approximate: false },
      { label: '0150 Oslo, Norway', lat: 59.909, lng: 10.746, approximate: true },
    ]);
    const input = location.commandCalls(SearchPlaceIndexForTextCommand)[0]?.args[0].input;
    expect(input).toMatchObject({
      IndexName: 'kork-places',
      Text: 'Torggata 5 Oslo',
      FilterCountries: ['NOR'],
      Language: 'nb',
      MaxResults: 5,
    });
    location.restore();
  });
});
