// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ManyFunctionsMint} from "./ManyFunctionsMint.sol";

/// @notice ManyFunctionsMint with 34 more external functions (config setters, per-address limits and
/// views: 105 in all) and the same single hidden mint, `syncRewards(uint256)`. Its probe calls
/// outnumber the request budget at the usual count per eth_call: the simulation must pack its calls
/// fuller, and order them so any cut falls on what is least likely to hold power, without losing the mint.
contract ManyFunctionsMintXL is ManyFunctionsMint {
    mapping(uint256 => uint256) internal _config;
    mapping(address => mapping(uint256 => uint256)) internal _limit;

    constructor(string memory n, string memory s, address mw) ManyFunctionsMint(n, s, mw) {}

    function setConfig0(uint256 v) external onlyOwner {
        _config[0] = v;
    }

    function setConfig1(uint256 v) external onlyOwner {
        _config[1] = v;
    }

    function setConfig2(uint256 v) external onlyOwner {
        _config[2] = v;
    }

    function setConfig3(uint256 v) external onlyOwner {
        _config[3] = v;
    }

    function setConfig4(uint256 v) external onlyOwner {
        _config[4] = v;
    }

    function setConfig5(uint256 v) external onlyOwner {
        _config[5] = v;
    }

    function setConfig6(uint256 v) external onlyOwner {
        _config[6] = v;
    }

    function setConfig7(uint256 v) external onlyOwner {
        _config[7] = v;
    }

    function setConfig8(uint256 v) external onlyOwner {
        _config[8] = v;
    }

    function setConfig9(uint256 v) external onlyOwner {
        _config[9] = v;
    }

    function setConfig10(uint256 v) external onlyOwner {
        _config[10] = v;
    }

    function setConfig11(uint256 v) external onlyOwner {
        _config[11] = v;
    }

    function setLimit0(address a, uint256 v) external onlyOwner {
        _limit[a][0] = v;
    }

    function setLimit1(address a, uint256 v) external onlyOwner {
        _limit[a][1] = v;
    }

    function setLimit2(address a, uint256 v) external onlyOwner {
        _limit[a][2] = v;
    }

    function setLimit3(address a, uint256 v) external onlyOwner {
        _limit[a][3] = v;
    }

    function setLimit4(address a, uint256 v) external onlyOwner {
        _limit[a][4] = v;
    }

    function setLimit5(address a, uint256 v) external onlyOwner {
        _limit[a][5] = v;
    }

    function setLimit6(address a, uint256 v) external onlyOwner {
        _limit[a][6] = v;
    }

    function setLimit7(address a, uint256 v) external onlyOwner {
        _limit[a][7] = v;
    }

    function setLimit8(address a, uint256 v) external onlyOwner {
        _limit[a][8] = v;
    }

    function setLimit9(address a, uint256 v) external onlyOwner {
        _limit[a][9] = v;
    }

    function configView0(address a) external view returns (uint256) {
        return _limit[a][0] + _config[0];
    }

    function configView1(address a) external view returns (uint256) {
        return _limit[a][1] + _config[1];
    }

    function configView2(address a) external view returns (uint256) {
        return _limit[a][2] + _config[2];
    }

    function configView3(address a) external view returns (uint256) {
        return _limit[a][3] + _config[3];
    }

    function configView4(address a) external view returns (uint256) {
        return _limit[a][4] + _config[4];
    }

    function configView5(address a) external view returns (uint256) {
        return _limit[a][5] + _config[5];
    }

    function configView6(address a) external view returns (uint256) {
        return _limit[a][6] + _config[6];
    }

    function configView7(address a) external view returns (uint256) {
        return _limit[a][7] + _config[7];
    }

    function configView8(address a) external view returns (uint256) {
        return _limit[a][8] + _config[8];
    }

    function configView9(address a) external view returns (uint256) {
        return _limit[a][9] + _config[9];
    }

    function configView10(address a) external view returns (uint256) {
        return _limit[a][0] + _config[10];
    }

    function configView11(address a) external view returns (uint256) {
        return _limit[a][1] + _config[11];
    }
}
