import { describe, expect, it } from 'vitest';
import { findLabelledAuthor, findLabelledSource, labelAlone } from '../../../src/core/metadata/labelled-patterns.ts';

const MAX = 60;
const author = (line: string): string | null => findLabelledAuthor(line, MAX)?.value ?? null;
const source = (line: string): string | null => findLabelledSource(line, MAX)?.value ?? null;

describe('findLabelledAuthor: Chinese labels', () => {
  it('§1.7 作者：张三', () => {
    expect(findLabelledAuthor('作者：张三', MAX)).toEqual({ value: '张三', label: '作者' });
  });

  it('§1.7 记者 with several names separated by spaces joins them with 、', () => {
    expect(findLabelledAuthor('记者 李四 王五', MAX)).toEqual({ value: '李四、王五', label: '记者' });
  });

  it('§1.7 记者 names stop before the dateline ("北京报道")', () => {
    expect(author('本报记者 李四 王五 北京报道')).toBe('李四、王五');
  });

  it('§1.7 记者 directly followed by the name, without a separator', () => {
    expect(author('记者李四')).toBe('李四');
  });

  it('§1.7 names listed with 、 or ，', () => {
    expect(author('作者：张三、李四、王五')).toBe('张三、李四、王五');
    expect(author('作者：张三，李四')).toBe('张三、李四');
  });

  it('§1.7 责任编辑：杨倩, and the trailing site text after it is not a name', () => {
    expect(findLabelledAuthor('责任编辑：杨倩', MAX)).toEqual({ value: '杨倩', label: '责任编辑' });
    expect(author('责任编辑：杨倩 返回搜狐，查看更多')).toBe('杨倩');
  });

  it('§1.7 文/赵六', () => {
    expect(findLabelledAuthor('文/赵六', MAX)).toEqual({ value: '赵六', label: '文' });
    expect(author('文/ 赵六 图/ 钱七')).toBe('赵六');
  });

  it('§1.7 the author stops at the next label on the same line', () => {
    expect(author('作者：张三 来源：新华社')).toBe('张三');
    expect(author('编辑：李华 时间：2019-05-13')).toBe('李华');
    expect(author('记者 李四 北京报道')).toBe('李四');
  });

  it('§1.7 a value longer than maxChars is not taken', () => {
    expect(findLabelledAuthor('作者：张三', 1)).toBeNull();
  });
});

describe('findLabelledAuthor: Latin labels', () => {
  it('§1.7 "By Jane Doe and John Roe" keeps both names', () => {
    expect(findLabelledAuthor('By Jane Doe and John Roe', MAX)).toEqual({ value: 'Jane Doe and John Roe', label: 'by' });
  });

  it('§1.7 "Written by Mary Smith"', () => {
    expect(findLabelledAuthor('Written by Mary Smith', MAX)).toEqual({ value: 'Mary Smith', label: 'written by' });
  });

  it('§1.7 "Author: John Smith"', () => {
    expect(findLabelledAuthor('Author: John Smith', MAX)).toEqual({ value: 'John Smith', label: 'author' });
  });

  it('§1.7 the name ends at a separator (| or the date)', () => {
    expect(author('By Jane Doe | May 13, 2019')).toBe('Jane Doe');
    expect(author('By Jane Doe, Staff Writer')).toBe('Jane Doe');
  });

  it('§1.7 particles inside a name are kept: "By Ludwig van Beethoven"', () => {
    expect(author('By Ludwig van Beethoven')).toBe('Ludwig van Beethoven');
  });

  it('§1.7 a date after the name is not part of it (month then number), in any case', () => {
    expect(author('By Erin Cunningham March 7, 2019 at 10:00 a.m.')).toBe('Erin Cunningham');
    expect(author('By JEFFREY GETTLEMAN JAN. 5, 2017')).toBe('JEFFREY GETTLEMAN');
    expect(author('By Laura June Topolsky July 12, 2010')).toBe('Laura June Topolsky');
  });

  it('§1.7 a month name that does not start a date stays in the name', () => {
    expect(author('By Theresa May')).toBe('Theresa May');
    expect(author('By Laura June Topolsky')).toBe('Laura June Topolsky');
  });

  it('§1.7 the next credit or update line ends the names', () => {
    expect(author('Written by Rob Ewaschuk Edited by Betsy Beyer')).toBe('Rob Ewaschuk');
    expect(author('By Jane Doe Updated 5 May 2019')).toBe('Jane Doe');
  });

  it('§1.7 a trailing connector is dropped: "By Jane Doe and"', () => {
    expect(author('By Jane Doe and')).toBe('Jane Doe');
  });
});

describe('findLabelledAuthor: label words and credits', () => {
  it('§1.7 a label word is not a name: "作者：责任编辑：肖春芳" gives the editor', () => {
    expect(findLabelledAuthor('2017-03-10 09:58:03来源：网易科学人作者：责任编辑：肖春芳', MAX)).toEqual({
      value: '肖春芳',
      label: '责任编辑',
    });
  });

  it('§1.7 文 inside a word (刊文, 原文) is not the 文/ label', () => {
    expect(author('生命时报刊文：少吃猪肉 钱包和身体都会感激你')).toBeNull();
    expect(author('文/王五')).toBe('王五');
  });

  it("§1.7 a photographer's credit (…摄) is not the author", () => {
    expect(author('图片来源：每经记者 张蕊 摄')).toBeNull();
    expect(author('本报记者 张蕊 北京报道')).toBe('张蕊');
  });
});

describe('findLabelledAuthor: negative cases', () => {
  it('§1.7 plain English prose yields no author', () => {
    expect(author('The committee was formed by the council in 2019.')).toBeNull();
    expect(author('Residents queued for hours to see the building.')).toBeNull();
  });

  it('§1.7 "by" at the start of prose followed by lower-case words is not a byline', () => {
    expect(author('by the way, this is nice')).toBeNull();
    expect(author('By now, most residents have seen it.')).toBeNull();
  });

  it('§1.7 plain Chinese prose yields no author', () => {
    expect(author('新图书馆于周一开放，市长表示，该馆完全依靠太阳能供电。')).toBeNull();
    expect(author('他来自北京')).toBeNull();
  });

  it('§1.7 an empty line yields nothing', () => {
    expect(findLabelledAuthor('', MAX)).toBeNull();
  });
});

describe('findLabelledSource', () => {
  it('§1.7 来源：证券时报网', () => {
    expect(findLabelledSource('来源：证券时报网', MAX)).toEqual({ value: '证券时报网', label: '来源' });
  });

  it('§1.7 来源于：东区办事处', () => {
    expect(findLabelledSource('来源于：东区办事处', MAX)).toEqual({ value: '东区办事处', label: '来源于' });
  });

  it('§1.7 the source stops at a space or the next label', () => {
    expect(source('出处：人民日报 2019-05-13')).toBe('人民日报');
    expect(source('2019年05月13日 10:20 来源：证券时报网 作者：张三')).toBe('证券时报网');
    expect(source('来源：新华社作者：张三')).toBe('新华社');
  });

  it('§1.7 "Source: Reuters" and "via: AP"', () => {
    expect(findLabelledSource('Source: Reuters', MAX)).toEqual({ value: 'Reuters', label: 'source' });
    expect(findLabelledSource('Photo via: AP', MAX)).toEqual({ value: 'AP', label: 'via' });
  });

  it('§1.7 template leftovers are not an outlet: 来源： size="20", Source: {{source}}', () => {
    expect(source('作者： size="20"  来源： size="20"  发布日期： 7/5/2005 9:23:57 PM')).toBeNull();
    expect(author('作者： size="20"  来源： size="20"')).toBeNull();
    expect(source('Source: {{source}}')).toBeNull();
    expect(source('Source: <a href="x">Reuters</a>')).toBeNull();
  });

  it('§1.7 the Latin source stops at | or ;', () => {
    expect(source('Source: Reuters | Edited by staff')).toBe('Reuters');
  });

  it('§1.7 without a colon there is no label', () => {
    expect(source('他来自北京')).toBeNull();
    expect(source('The source of the river is in the hills.')).toBeNull();
  });

  it('§1.7 a value longer than maxChars is not taken', () => {
    expect(findLabelledSource('Source: Reuters', 3)).toBeNull();
  });
});

describe('labelAlone: a label in its own cell, its value in the next', () => {
  it('an author label alone, with spaces or a colon, is read with the next block', () => {
    expect(labelAlone('发文机关：')).toBe('发文机关');
    expect(labelAlone('作\u00a0\u00a0者：')).toBe('作者');
    expect(labelAlone('Author:')).toBe('Author');
    expect(findLabelledAuthor(`${labelAlone('发文机关：') ?? ''}：吉林省人民政府`, 60)?.value).toBe('吉林省人民政府');
  });

  it('a label with its value, or another label, is not alone', () => {
    expect(labelAlone('作者：张三')).toBeNull();
    expect(labelAlone('成文日期：')).toBeNull();
  });
});
