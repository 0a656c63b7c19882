/**
 * Issue 41: the cleaning of author and source values, the unlabelled byline pieces around the title and
 * the date, and the credits in a story's text, on hand-written Chinese, English and German bylines.
 */
import { afterAll, describe, expect, it } from 'vitest';
import {
  cleanAuthor,
  cleanSource,
  findBodyStartName,
  findBylinePieces,
  findCredit,
  isHostName,
  isNameBlock,
  namesSite,
} from '../../../src/core/metadata/bylines.ts';
import { findBlogOwners } from '../../../src/core/metadata/nearby-names.ts';
import { findLabelledAuthor, findLabelledSource } from '../../../src/core/metadata/labelled-patterns.ts';
import { closeWindows } from '../../helpers/dom.ts';
import { contextOf, modelOf } from '../../helpers/model.ts';
import { faithfulOptions } from '../../helpers/options.ts';

afterAll(closeWindows);

const clean = (raw: string, sites: string[] = [], host: string | null = null): string | null => cleanAuthor(raw, sites, host).value;

describe('cleanAuthor: role words, separators and ids go', () => {
  it('Chinese roles before and after the name', () => {
    expect(clean('本报记者 李四')).toBe('李四');
    expect(clean('陈智、整合')).toBe('陈智');
    expect(clean('观察者网专栏作者、王文')).toBe('王文');
    expect(clean('路闻卓立编译')).toBe('路闻卓立');
    expect(clean('实习生 张三')).toBe('张三');
    expect(clean('樊亮、张明超、记者惠禾')).toBe('樊亮、张明超、惠禾');
  });

  it("an editor's id after the name goes", () => {
    expect(clean('杨倩_NF4425')).toBe('杨倩');
  });

  it('a CJK name padded with spaces is one name; several names stay as written', () => {
    expect(clean('赵 培')).toBe('赵培');
    expect(clean('段彦超、廖艳')).toBe('段彦超、廖艳');
  });

  it('English: "By", "Staff Writer", a title after the name', () => {
    expect(clean('By Corey Kilgannon')).toBe('Corey Kilgannon');
    expect(clean('by by Dominic Patten')).toBe('Dominic Patten');
    expect(clean('Jane Doe, Staff Writer')).toBe('Jane Doe');
    expect(clean('By TOM KRISHER, AP Auto Writer')).toBe('TOM KRISHER');
    expect(clean('Jessica Wang Editorial Assistant')).toBe('Jessica Wang');
    expect(clean('Benjamin Lee and Pádraig Collins')).toBe('Benjamin Lee and Pádraig Collins');
    expect(clean('Martin Untersinger (avec Damien Leloup et Morgane Tual)')).toBe(
      'Martin Untersinger (avec Damien Leloup et Morgane Tual)',
    );
  });

  it('German: "Von" goes, the names stay', () => {
    expect(clean('Von Anna Müller und Jörg Schmidt')).toBe('Anna Müller und Jörg Schmidt');
  });
});

describe('cleanAuthor: junk is never an author', () => {
  it('a placeholder with an e-mail', () => {
    expect(cleanAuthor('name, email@gmail.com', [], null)).toEqual({ value: null, why: 'an e-mail placeholder' });
  });

  it('label words', () => {
    for (const w of ['注意到', '未知', '网络整理', 'View Profile', 'admin', '系统管理员']) expect(clean(w)).toBeNull();
  });

  it('a name beside an address keeps the name; a reporter glued to the role loses the role', () => {
    expect(clean('newsfeedback@fool.com (Rich Smith)')).toBe('Rich Smith');
    expect(clean('James A. Mathias, admin@1lotus.com, http://www.1lotus.com')).toBe('James A. Mathias');
    expect(clean('记者王敬照')).toBe('王敬照');
  });

  it("the host's label written as a name; a personal site's owner stays", () => {
    expect(clean('Cycling News', [], 'www.cyclingnews.com')).toBeNull();
    expect(clean('RFE/RL', [], 'www.rferl.org')).toBeNull();
    expect(clean('FT', [], 'www.ft.com')).toBeNull();
    expect(clean('Die Tagespresse', ['Die Tagespresse'])).toBeNull();
    expect(clean('Dana Gioia', [], 'danagioia.com')).toBe('Dana Gioia');
    expect(clean('Wolfgang Schmale', ['Wolfgang Schmale'], 'wolfgangschmale.eu')).toBe('Wolfgang Schmale');
    expect(clean('Auswärtiges Amt', ['Auswärtiges Amt'], 'www.auswaertiges-amt.de')).toBeNull();
    expect(clean('Business Recorder', ['Business Recorder'], 'www.brecorder.com')).toBeNull();
    expect(clean('Fly Away Simulation, Flight Simulator #1', ['Fly Away Simulation'])).toBeNull();
    expect(clean('Fly Away Simulation, Flight Simulator #1', [], 'flyawaysimulation.com')).toBeNull();
  });

  it('an id', () => {
    expect(cleanAuthor('HN666', [], null)).toEqual({ value: null, why: 'an id' });
  });

  it("an image's credit", () => {
    expect(clean('(Image: WireImage)')).toBeNull();
  });

  it("the site's own name: equal, inside it, the host written as a name", () => {
    expect(clean('网易', ['网易新闻'])).toBeNull();
    expect(clean('新浪科技', ['新浪科技'])).toBeNull();
    expect(clean('CSDN.NET', [], 'blog.csdn.net')).toBeNull();
    expect(cleanAuthor('Al Jazeera', ['Al Jazeera'], null, { organizations: ['Al Jazeera'] }).value).toBeNull();
    expect(clean('in.gr — Δημοσιογραφικός Οργανισμός Λαμπράκη Α.Ε.', ['in.gr'])).toBeNull();
  });

  it('a personal site named after its author keeps the author (not declared an organization)', () => {
    expect(clean('Haki Benita', ['Haki Benita'])).toBe('Haki Benita');
  });

  it('a personal site whose JSON-LD declares its owner both the author (Person) and the publisher (Organization)', () => {
    const names = { organizations: ['Haki Benita'], persons: ['Haki Benita'] };
    expect(cleanAuthor('Haki Benita', ['Haki Benita'], 'hakibenita.com', names).value).toBe('Haki Benita');
    expect(cleanAuthor('Al Jazeera', ['Al Jazeera'], null, { organizations: ['Al Jazeera'], persons: [] }).value).toBeNull();
  });

  it('a host name is a web address, not an author', () => {
    expect(cleanAuthor('BUSINESS.SOHU.COM', [], null)).toEqual({ value: null, why: 'a web address' });
    expect(isHostName('blog.example.co.uk')).toBe(true);
    expect(isHostName('J.R.R. Tolkien')).toBe(false);
    expect(isHostName('Space.com Staff')).toBe(false);
  });

  it('a CJK value is checked against every part of the title after the headline; a Latin one is not', () => {
    expect(cleanAuthor('网易', [], null, { loose: ['网易新闻'] }).value).toBeNull();
    expect(cleanAuthor('Eleanor Ainge Roy', [], null, { loose: ['eleanor ainge roy'] }).value).toBe('Eleanor Ainge Roy');
  });

  it('namesSite: a person named in a longer site name is not the site', () => {
    expect(namesSite('Anna Müller', ['Anna Müller Photography Blog'], null)).toBe(false);
  });
});

describe('cleanSource', () => {
  it('"本站原创" is not a source; brackets go', () => {
    expect(cleanSource('本站原创').value).toBeNull();
    expect(cleanSource('[国际金融报]').value).toBe('国际金融报');
    expect(cleanSource('新京报').value).toBe('新京报');
  });
});

describe('labelled patterns found with the new stops', () => {
  it('责任编辑：杨倩_NF4425 stops at the id', () => {
    expect(findLabelledAuthor('本文来源：证券市场红周刊 责任编辑：杨倩_NF4425', 60)?.value).toBe('杨倩');
  });

  it('记者 … 发自, …/文, a Latin name in brackets after the CJK one', () => {
    expect(findLabelledAuthor('本报记者罗科苏盈发自北京', 60)?.value).toBe('罗科苏盈');
    expect(findLabelledAuthor('作者： 周思博 (Joel Spolsky) 译： Chen Bin', 60)?.value).toBe('周思博 (Joel Spolsky)');
    expect(findLabelledAuthor('作者： 赵婕 出自 [人民文学出版社]', 60)?.value).toBe('赵婕');
  });

  it('来源：[ 国际金融报 ] in brackets', () => {
    expect(findLabelledSource('2004年7月16日08:19 [ 黄宇 ] 来源：[ 国际金融报 ]', 60)?.value).toBe('国际金融报');
  });
});

describe('findCredit: credits in the story', () => {
  it('（记者唐霁）, （总台记者 张倩）, （姚峰 上海报道）', () => {
    expect(findCredit('新华社巴黎12月9日电（记者唐霁）法国9日再次爆发全国跨行业大罢工')?.value).toBe('唐霁');
    expect(findCredit('……（总台记者 张倩）')?.value).toBe('张倩');
    expect(findCredit('“所有的改革难道不都是利益再分配的过程吗？”（姚峰 上海报道）')?.value).toBe('姚峰');
  });

  it("a forum's poster", () => {
    expect(findCredit('本贴由 大卫 于2005年8月12日16:12:21在〖 心灵体操 〗发表')?.value).toBe('大卫');
    expect(findCredit('ggjjzhzz 发表于 2005-9-15 11:46:00')?.value).toBe('ggjjzhzz');
  });

  it('…/文 before a photo credit', () => {
    expect(findCredit('顶端新闻·河南商报记者马俊峰/文受访者供图')?.value).toBe('马俊峰');
    expect(findCredit('马俊峰/文')?.value).toBe('马俊峰');
    expect(findCredit('謝謝賞圖/文!')).toBeNull();
  });

  it('no credit in a plain sentence', () => {
    expect(findCredit('记者从防汛部门获悉，长江洪峰周日平稳通过武汉江段。')).toBeNull();
  });
});

describe('findBylinePieces: the unlabelled byline around the date', () => {
  const pieces = (blocks: string[]): { value: string; kind: string; place: string }[] => {
    const options = faithfulOptions({});
    const model = modelOf('happy-dom', `<html><body>${blocks.map((b) => `<div>${b}</div>`).join('')}</body></html>`, options);
    const ctx = contextOf(model, options);
    return findBylinePieces(model.blocks, ctx.dateOpts, 16, 8).map(({ value, kind, place }) => ({ value, kind, place }));
  };

  it('an outlet beside the date is a source, a name an author', () => {
    expect(pieces(['2019年11月25日 18:57 参考消息'])).toEqual([{ value: '参考消息', kind: 'source', place: 'beside-date' }]);
    expect(pieces(['石佳/中国青年报', '2019-09-24 09:10', '字号'])).toEqual([
      { value: '石佳', kind: 'author', place: 'own-block' },
      { value: '中国青年报', kind: 'source', place: 'own-block' },
    ]);
    expect(pieces(['中国网 2019-11-25 10:37:31'])).toEqual([{ value: '中国网', kind: 'source', place: 'beside-date' }]);
  });

  it('a Latin account name after 原创', () => {
    expect(pieces(['原创 GameForce 2019-09-04 22:18:34'])).toEqual([{ value: 'GameForce', kind: 'author', place: 'after-marker' }]);
  });

  it("a self-media account's name above 发布时间", () => {
    expect(pieces(['加拿大必读', '发布时间：10-0812:00优质原创作者'])).toEqual([
      { value: '加拿大必读', kind: 'author', place: 'own-block' },
    ]);
  });

  it('a byline block long only by what follows its label is read up to the label', () => {
    expect(pieces(['BUSINESS.SOHU.COM 2004年7月16日08:19 [ 黄宇 ] 来源：[ 国际金融报 ]'])).toEqual([
      { value: 'BUSINESS.SOHU.COM', kind: 'author', place: 'beside-date' },
      { value: '黄宇', kind: 'author', place: 'beside-date' },
    ]);
  });

  it("a date label's first word goes with it (发稿时间), not a piece", () => {
    expect(pieces(['发稿时间：2017-03-10 09:15 来源：人民日报海外版'])).toEqual([]);
  });

  it('the chrome around a byline is no piece; no date, no pieces', () => {
    expect(pieces(['2019-05-17 · 分享到 评论'])).toEqual([]);
    expect(pieces(['打印本页 发表评论'])).toEqual([]);
  });

  it('isNameBlock: names only', () => {
    expect(isNameBlock('胡平')).toBe(true);
    expect(isNameBlock('赵延东、风笑天')).toBe(true);
    expect(isNameBlock('高山流水论坛')).toBe(false);
    expect(isNameBlock('新华社')).toBe(false);
  });
});

describe("findBodyStartName: the byline found from the body's start", () => {
  const names = (html: string): string | null => {
    const options = faithfulOptions({});
    const model = modelOf('happy-dom', `<html><body>${html}</body></html>`, options);
    return findBodyStartName(model.blocks, 3, 40)?.value ?? null;
  };

  it('a name under the headline repeated, in blocks or in lines of one block', () => {
    expect(names('<p>我是怎样卷入八九民运的</p><p>茉莉</p><p>【看中国2005年07月03日报道】一九八九年四月，我在湖南张家界开会。</p>')).toBe(
      '茉莉',
    );
    expect(names('<p>犬儒病(上)</p><p>胡平<br>——当代中国的精神危机 (上)<br>人心不会熄灭，但它可能蒙上灰烬而不再燃烧。</p>')).toBe('胡平');
    expect(names('<div>社会资本与再就业<br>赵延东、风笑天<br>近年来，下岗职工这一群体越来越引人注目。</div>')).toBe('赵延东、风笑天');
  });

  it('no name once the running text has begun, nor page furniture', () => {
    expect(names('<p>近年来，下岗职工这一群体越来越引人注目。</p><p>胡平</p>')).toBeNull();
    expect(names('<p>图集</p><p>新华社巴黎12月5日电（记者唐霁）法国再次爆发全国大罢工。</p>')).toBeNull();
  });
});

describe('findBlogOwners: the owner a blog names', () => {
  const owners = (title: string, body: string): string[] => {
    const options = faithfulOptions({});
    const model = modelOf('happy-dom', `<html><head><title>${title}</title></head><body>${body}</body></html>`, options);
    return findBlogOwners(model, title, 3).map((o) => `${o.kind}:${o.value}`);
  };

  it('"X的博客" and "X\'s blog" in <title> or in a link; "X | blog.platform.com"', () => {
    expect(owners('张三的博客 - 播客热潮', '<p>正文</p>')).toEqual(['title:张三']);
    expect(owners('Notes | Jane Doe’s blog', '<p>Text</p>')).toEqual(['title:Jane Doe']);
    expect(owners('多维博客 » 播客热潮', '<p><a href="/?author=102" title="[太小心]的博客">太小心</a></p>')).toEqual(['link:太小心']);
    expect(owners('海姑娘 | blog.wenxuecity.com', '<p>正文</p>')).toEqual(['title:海姑娘']);
  });

  it("no owner in an ordinary title, a news site's host, or a commenter's link", () => {
    expect(owners('法国再次爆发全国大罢工 | www.xinhuanet.com', '<p>正文</p>')).toEqual([]);
    expect(owners('Some headline - News', '<div class="comments"><a title="李四的博客" href="/u/1">李四</a></div>')).toEqual([]);
  });
});
