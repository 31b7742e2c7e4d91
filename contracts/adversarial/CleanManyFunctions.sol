// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AdvBase} from "./AdvBase.sol";

/// @notice CLEAN look-alike of ManyFunctionsMint: the same 60+ functions, and `syncRewards(uint256)`
/// only records a number. Nothing here creates tokens, moves them or stops trading.
contract CleanManyFunctions is AdvBase {
    address public treasury;
    address public marketingWallet;
    address public devWallet;
    uint256 public rewardParam0;
    uint256 public rewardParam1;
    uint256 public rewardParam2;
    uint256 public rewardParam3;
    uint256 public rewardParam4;
    uint256 public rewardParam5;
    uint256 public rewardParam6;
    uint256 public rewardParam7;
    uint256 public rewardParam8;
    uint256 public rewardParam9;
    uint256 public rewardParam10;
    uint256 public rewardParam11;
    uint256 public rewardParam12;
    uint256 public rewardParam13;
    uint256 public rewardParam14;
    uint256 public rewardParam15;
    uint256 public rewardParam16;
    uint256 public rewardParam17;
    uint256 public rewardParam18;
    uint256 public rewardParam19;
    uint256 public rewardsSynced;
    mapping(address => bool) public isPartner;

    constructor(string memory n, string memory s, address mw) AdvBase(n, s) {
        treasury = mw;
        marketingWallet = address(uint160(uint256(keccak256(abi.encode(mw, 1)))));
        devWallet = address(uint160(uint256(keccak256(abi.encode(mw, 2)))));
    }

    function setRewardParam0(uint256 v) external onlyOwner {
        rewardParam0 = v;
    }

    function setRewardParam1(uint256 v) external onlyOwner {
        rewardParam1 = v;
    }

    function setRewardParam2(uint256 v) external onlyOwner {
        rewardParam2 = v;
    }

    function setRewardParam3(uint256 v) external onlyOwner {
        rewardParam3 = v;
    }

    function setRewardParam4(uint256 v) external onlyOwner {
        rewardParam4 = v;
    }

    function setRewardParam5(uint256 v) external onlyOwner {
        rewardParam5 = v;
    }

    function setRewardParam6(uint256 v) external onlyOwner {
        rewardParam6 = v;
    }

    function setRewardParam7(uint256 v) external onlyOwner {
        rewardParam7 = v;
    }

    function setRewardParam8(uint256 v) external onlyOwner {
        rewardParam8 = v;
    }

    function setRewardParam9(uint256 v) external onlyOwner {
        rewardParam9 = v;
    }

    function setRewardParam10(uint256 v) external onlyOwner {
        rewardParam10 = v;
    }

    function setRewardParam11(uint256 v) external onlyOwner {
        rewardParam11 = v;
    }

    function setRewardParam12(uint256 v) external onlyOwner {
        rewardParam12 = v;
    }

    function setRewardParam13(uint256 v) external onlyOwner {
        rewardParam13 = v;
    }

    function setRewardParam14(uint256 v) external onlyOwner {
        rewardParam14 = v;
    }

    function setRewardParam15(uint256 v) external onlyOwner {
        rewardParam15 = v;
    }

    function setRewardParam16(uint256 v) external onlyOwner {
        rewardParam16 = v;
    }

    function setRewardParam17(uint256 v) external onlyOwner {
        rewardParam17 = v;
    }

    function setRewardParam18(uint256 v) external onlyOwner {
        rewardParam18 = v;
    }

    function setRewardParam19(uint256 v) external onlyOwner {
        rewardParam19 = v;
    }

    function rewardView0(address a) external view returns (uint256) {
        return _bal[a] / (0 + 2) + rewardParam0;
    }

    function rewardView1(address a) external view returns (uint256) {
        return _bal[a] / (1 + 2) + rewardParam1;
    }

    function rewardView2(address a) external view returns (uint256) {
        return _bal[a] / (2 + 2) + rewardParam2;
    }

    function rewardView3(address a) external view returns (uint256) {
        return _bal[a] / (3 + 2) + rewardParam3;
    }

    function rewardView4(address a) external view returns (uint256) {
        return _bal[a] / (4 + 2) + rewardParam4;
    }

    function rewardView5(address a) external view returns (uint256) {
        return _bal[a] / (5 + 2) + rewardParam5;
    }

    function setTreasury(address t) external onlyOwner {
        treasury = t;
    }

    function setPartner(address a, bool v) external onlyOwner {
        isPartner[a] = v;
    }

    function setMarketingWallet(address a) external {
        require(msg.sender == marketingWallet || msg.sender == owner, "not allowed");
        marketingWallet = a;
    }

    function setDevWallet(address a) external {
        require(msg.sender == devWallet, "not dev");
        devWallet = a;
    }

    function syncRewards(uint256 amount) external onlyOwner {
        rewardsSynced += amount;
    }

}
