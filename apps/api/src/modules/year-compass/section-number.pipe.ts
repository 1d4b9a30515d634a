import { BadRequestException, Injectable, PipeTransform } from '@nestjs/common';
import { isYearCompassSectionNumber } from '@clari/contracts';
import { YEAR_COMPASS_MESSAGES } from './year-compass.constants';

/** A path's section number: 1–19 written as digits, else 400 (not 404: the URL itself is wrong). */
@Injectable()
export class SectionNumberPipe implements PipeTransform<string, number> {
  transform(value: string): number {
    const number = /^\d{1,2}$/.test(value) ? Number(value) : NaN;
    if (!isYearCompassSectionNumber(number))
      throw new BadRequestException({ message: YEAR_COMPASS_MESSAGES.invalidSection, code: 'invalid_section' });
    return number;
  }
}
