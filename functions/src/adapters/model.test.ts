import { BedrockRuntimeClient, ConverseCommand } from '@aws-sdk/client-bedrock-runtime';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rulesModel } from '../imports/magic/rules-model';
import { bedrockModel, chunksOf, DEFAULT_MODEL_ID, model, useModel } from './model';

const bedrock = mockClient(BedrockRuntimeClient);

function toolAnswer(input: unknown, stopReason = 'tool_use') {
  return {
    stopReason,
    output: {
      message: {
        role: 'assistant' as const,
        content: [{ toolUse: { toolUseId: 't1', name: 'record_wines', input } }],
      },
    },
  } as never;
}

const TEXT = `Hei!
Domaine Tissot - Arbois Chardonnay 2020, 6 x 75 cl, kr 289,90
Vnr 123456 Chablis 2021 0,75 l kr 329,90`;

beforeEach(() => {
  bedrock.reset();
  delete process.env.BEDROCK_MODEL_ID;
});
afterEach(() => useModel(undefined));

describe('bedrockModel', () => {
  it('asks for the record_wines tool and turns its lines into wine lines in minor units and litres', async () => {
    bedrock.on(ConverseCommand).resolves(
      toolAnswer({
        lines: [
          {
            raw: 'Domaine Tissot - Arbois Chardonnay 2020, 6 x 75 cl, kr 289,90',
            wineName: 'Arbois Chardonnay',
            producer: 'Domaine Tissot',
            vintage: 2020,
            bottleSizeLitres: 0.75,
            quantity: 6,
            unitPrice: 289.9,
            currency: 'NOK',
            priceKind: 'purchase',
          },
          {
            raw: 'Vnr 123456 Chablis 2021 0,75 l kr 329,90',
            wineName: 'Chablis',
            // Not in the text: the model's own knowledge, left out.
            producer: 'William Fèvre',
            vintage: 2021,
            bottleSizeLitres: 0.75,
            unitPrice: 329.9,
            priceKind: 'selling',
            vinmonopoletNumber: '123456',
            category: 'white',
          },
          // No name: not a wine line, but not dropped either.
          { raw: 'kr 500,-', wineName: '  ' },
          // Values no wine has are left out, the line kept.
          {
            raw: 'Odd 3024',
            wineName: 'Odd',
            vintage: 3024,
            quantity: -2,
            bottleSizeLitres: 0,
            category: 'wine',
          },
        ],
        unread: ['B@r0l0 ~~ 2O1G'],
      }),
    );
    const read = await bedrockModel.extractWines(TEXT, 'nb');
    expect(read).toEqual({
      lines: [
        {
          raw: 'Domaine Tissot - Arbois Chardonnay 2020, 6 x 75 cl, kr 289,90',
          parsed: {
            wineName: 'Arbois Chardonnay',
            producer: 'Domaine Tissot',
            vintage: 2020,
            bottleSize: 0.75,
            quantity: 6,
            purchasePriceWvat: 28990,
          },
        },
        {
          raw: 'Vnr 123456 Chablis 2021 0,75 l kr 329,90',
          parsed: {
            wineName: 'Chablis',
            vintage: 2021,
            bottleSize: 0.75,
            sellingPrice: 32990,
            vinmonopoletNumber: '123456',
            mainCategoryId: 'white',
          },
        },
        { raw: 'Odd 3024', parsed: { wineName: 'Odd' } },
      ],
      unread: ['kr 500,-', 'B@r0l0 ~~ 2O1G'],
    });
    const calls = bedrock.commandCalls(ConverseCommand);
    expect(calls).toHaveLength(1);
    const input = calls[0]?.args[0].input;
    expect(input?.modelId).toBe(DEFAULT_MODEL_ID);
    expect(input?.toolConfig?.toolChoice).toEqual({ tool: { name: 'record_wines' } });
    expect(input?.toolConfig?.tools?.[0]?.toolSpec?.name).toBe('record_wines');
    expect(input?.system?.[0]?.text).toMatch(/never invent/i);
    expect(input?.messages?.[0]?.content?.[0]?.text).toContain(TEXT);
  });

  it('takes the model id from BEDROCK_MODEL_ID', async () => {
    process.env.BEDROCK_MODEL_ID = 'anthropic.some-other-model';
    bedrock.on(ConverseCommand).resolves(toolAnswer({ lines: [], unread: [] }));
    await bedrockModel.extractWines('Barolo 2016', 'en');
    expect(bedrock.commandCalls(ConverseCommand)[0]?.args[0].input.modelId).toBe(
      'anthropic.some-other-model',
    );
  });

  it('reads a long text in parts and an answer cut short in halves', async () => {
    const lines = Array.from({ length: 400 }, (_, i) => `Vin nummer ${i} 2019 75 cl kr 100,00`);
    const text = lines.join('\n');
    expect(chunksOf(text).length).toBeGreaterThan(1);
    expect(chunksOf(text).join('\n')).toBe(text);
    let first = true;
    bedrock.on(ConverseCommand).callsFake((input: { messages: { content: { text: string }[] }[] }) => {
      const part =
        (input.messages[0]?.content[0]?.text ?? '').split('<text>\n')[1]?.split('\n</text>')[0] ?? '';
      if (first) {
        first = false;
        return toolAnswer({ lines: [] }, 'max_tokens');
      }
      return toolAnswer({
        lines: part.split('\n').map((raw) => ({ raw, wineName: raw.split(' 2019')[0] })),
        unread: [],
      });
    });
    const read = await bedrockModel.extractWines(text, 'nb');
    expect(read.lines.map((line) => line.raw)).toEqual(lines);
  });

  it('fails clearly when the model gives no tool answer', async () => {
    bedrock.on(ConverseCommand).resolves({
      stopReason: 'end_turn',
      output: { message: { role: 'assistant', content: [{ text: 'Sorry' }] } },
    } as never);
    await expect(bedrockModel.extractWines('Barolo 2016', 'en')).rejects.toThrow(/no record_wines answer/);
  });

  it('is the port unless another is installed', async () => {
    expect(model()).toBe(bedrockModel);
    useModel(rulesModel);
    expect(model()).toBe(rulesModel);
    expect((await model().extractWines(TEXT, 'nb')).lines).toHaveLength(2);
  });
});
